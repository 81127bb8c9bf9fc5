import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet } from "react-router";
import type { Language } from "../../shared/domain/language.ts";
import { defaultShopSettings } from "../../shared/schemas/settings.ts";
import { createI18n } from "../i18n/config.ts";
import { messagesFor } from "../i18n/messages.server.ts";
import type { RootData } from "../root.tsx";

/** What the root loader gives every page, with the demo shop settings. */
export function rootDataFor(lang: Language, overrides: Partial<RootData> = {}): RootData {
  const { phones, emails, messagingNumber, social } = defaultShopSettings;
  return {
    lang,
    messages: messagesFor(lang),
    nonce: "test-nonce",
    publicUrl: "http://shop.test",
    googleSignIn: false,
    shop: { phones, emails, messagingNumber, social },
    ...overrides,
  } as RootData;
}

// The stub's route components live at module level (React keeps their state); what they
// show comes from the current render's values.
let current: { i18n: ReturnType<typeof createI18n>; ui: ReactNode } | null = null;

function ShellRoot() {
  return (
    <I18nextProvider i18n={current!.i18n}>
      <Outlet />
    </I18nextProvider>
  );
}
function Page() {
  return <>{current!.ui}</>;
}
function NoFallback() {
  return null;
}

/**
 * Renders `ui` as a page under a root route with the real texts, as the app does: the same
 * i18n setup, the root loader data, and a router (links, navigation). Await a `findBy…` first:
 * the stub's loader resolves asynchronously.
 */
export function renderInShell(
  ui: ReactNode,
  opts: { lang?: Language; path?: string; root?: Partial<RootData> } = {},
) {
  const lang = opts.lang ?? "en";
  const data = rootDataFor(lang, opts.root);
  const i18n = createI18n(lang, data.messages);
  // The other language too, as the browser would fetch it on a switch (no backend here).
  const other = lang === "en" ? "ar" : "en";
  for (const [ns, bundle] of Object.entries(messagesFor(other)))
    i18n.addResourceBundle(other, ns, bundle);
  current = { i18n, ui };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => data,
      HydrateFallback: NoFallback,
      Component: ShellRoot,
      // Any other page renders the same component, so navigation keeps it on screen.
      children: [
        { index: true, Component: Page },
        { path: "*", Component: Page },
      ],
    },
  ]);
  const result = render(<Stub initialEntries={[opts.path ?? "/"]} />);
  return { ...result, i18n };
}
