import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useLocation } from "react-router";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";

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
    { path: pathname, Component: () => element },
    { path: "*", Component: Elsewhere },
  ]);
  return render(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

/** Any other address: shows where the screen navigated to. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}
