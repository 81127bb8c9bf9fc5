import { render, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, Outlet } from "react-router";
import { expect, vi } from "vitest";
import type { Language } from "../../shared/domain/language.ts";
import { createI18n } from "../i18n/config.ts";
import { rootDataFor } from "./render-in-shell.tsx";

type Routes = Parameters<typeof createRoutesStub>[0];

let i18n: ReturnType<typeof createI18n> | null = null;

function Root() {
  return (
    <I18nextProvider i18n={i18n!}>
      <Outlet />
    </I18nextProvider>
  );
}
function NoFallback() {
  return null;
}

/**
 * Renders real route modules (layouts, their error boundaries, screens) under a root route
 * with the root loader's data and the real texts, the way the app nests them. Await a
 * `findBy…` first: the stub's loaders resolve asynchronously.
 */
export function renderRoutes(routes: Routes, opts: { path: string; lang?: Language }) {
  const lang = opts.lang ?? "en";
  const data = rootDataFor(lang);
  i18n = createI18n(lang, data.messages);
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => data,
      HydrateFallback: NoFallback,
      Component: Root,
      children: routes,
    },
  ]);
  return render(<Stub initialEntries={[opts.path]} />);
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
 * The error panel as every layout shows it: SPEC's texts under a heading of `level`, and a
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
