import { render, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { expect, vi } from "vitest";
import type { Language } from "../../shared/domain/language.ts";
import { defaultShopSettings } from "../../shared/schemas/settings.ts";
import { createI18n } from "../i18n/config.ts";
import { messagesFor } from "../i18n/messages.server.ts";
import { I18nProvider } from "../i18n/translator.tsx";
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
    <I18nProvider i18n={current!.i18n}>
      <Outlet />
    </I18nProvider>
  );
}
function Page() {
  return <>{current!.ui}</>;
}
function NoFallback() {
  return null;
}

type Routes = Parameters<typeof createRoutesStub>[0];
type ShellOptions = { lang?: Language; path?: string; root?: Partial<RootData> };

/** The routes under a root route with the root loader's data and the real texts. */
function renderUnderRoot(children: Routes, opts: ShellOptions, ui: ReactNode = null) {
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
      children,
    },
  ]);
  const result = render(<Stub initialEntries={[opts.path ?? "/"]} />);
  return { ...result, i18n };
}

/**
 * Renders `ui` as a page under a root route with the real texts, as the app does: the same
 * i18n setup, the root loader data, and a router (links, navigation). Await a `findBy…` first:
 * the stub's loader resolves asynchronously.
 */
export function renderInShell(ui: ReactNode, opts: ShellOptions = {}) {
  // Any other page renders the same component, so navigation keeps it on screen.
  return renderUnderRoot(
    [
      { index: true, Component: Page },
      { path: "*", Component: Page },
    ],
    opts,
    ui,
  );
}

/**
 * Renders real route modules (layouts, their error boundaries, screens) under the same root
 * route, the way the app nests them. Await a `findBy…` first.
 */
export function renderRoutes(
  routes: Routes,
  opts: { path: string; lang?: Language; root?: Partial<RootData> },
) {
  return renderUnderRoot(routes, opts);
}

/**
 * A screen that fails on purpose: React and React Router report an error caught by a
 * boundary with console.error, which the test setup would count as a failure. Those reports
 * (and only those) are expected; anything else logged still fails the test.
 */
export function expectBoundaryReports(error: Error): () => void {
  const unexpected: unknown[][] = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!args.some((arg) => arg === error || String(arg).includes(error.message)))
      unexpected.push(args);
  });
  return () => {
    if (unexpected.length) throw new Error(`Unexpected console.error: ${unexpected.map(String)}`);
  };
}

/**
 * The error panel as every layout shows it: the fixed texts under a heading of `level`, and a
 * "Try again" that reloads the page.
 */
export async function expectPanelWithRetry(panel: HTMLElement, level: 1 | 2 = 1) {
  expect(within(panel).getByRole("heading", { level }).textContent).toBe("Something went wrong");
  expect(panel.textContent).toContain("Something went wrong. Please reload the page.");
  const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
  await userEvent.click(within(panel).getByRole("button", { name: "Try again" }));
  expect(reload).toHaveBeenCalledOnce();
  reload.mockRestore();
}
