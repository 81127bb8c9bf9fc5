import { render } from "@testing-library/react";
import { createContext, useContext } from "react";
import { createRoutesStub, useLocation } from "react-router";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";

const ScreenContext = createContext<React.ReactElement | null>(null);

/** The screen under test, rendered at its route. */
function CurrentScreen() {
  return useContext(ScreenContext);
}

/** Renders a screen as the app does: real translations in `lang`, inside a router at `path`. */
export function renderScreen(
  element: React.ReactElement,
  { lang = "en", path = "/" }: { lang?: Language; path?: string } = {},
) {
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en") {
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  }
  const pathname = path.split("?")[0] ?? "/";
  const Stub = createRoutesStub([
    { path: pathname, Component: CurrentScreen },
    { path: "*", Component: Elsewhere },
  ]);
  return render(
    <I18nProvider i18n={i18n}>
      <ScreenContext.Provider value={element}>
        <Stub initialEntries={[path]} />
      </ScreenContext.Provider>
    </I18nProvider>,
  );
}

/** Any other address: shows where the screen navigated to. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
