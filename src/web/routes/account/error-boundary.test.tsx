import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetCartStoreForTests } from "../../features/cart/cart-store.ts";
import {
  expectBoundaryReports,
  expectPanelWithRetry,
  renderRoutes,
} from "../../test/render-in-shell.tsx";
import StorefrontLayout, { ErrorBoundary as StorefrontBoundary } from "../storefront/layout.tsx";
import { ErrorBoundary as AccountBoundary } from "./account.tsx";
import { ErrorBoundary as OrdersBoundary } from "./orders.tsx";
import { ErrorBoundary as SecurityBoundary } from "./security.tsx";

const BROKEN = new Error("the account screen broke");
function BrokenScreen(): never {
  throw BROKEN;
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});
afterEach(cleanup);

describe.each([
  ["account", AccountBoundary],
  ["security", SecurityBoundary],
  ["orders", OrdersBoundary],
])("the %s screen's error boundary (issue 9)", (path, ErrorBoundary) => {
  it("keeps the storefront header and the account menu, with the error panel and its retry", async () => {
    const checkLogs = expectBoundaryReports(BROKEN);
    renderRoutes(
      [
        {
          Component: StorefrontLayout,
          ErrorBoundary: StorefrontBoundary,
          children: [{ path, Component: BrokenScreen, ErrorBoundary }],
        },
      ],
      { path: `/${path}` },
    );
    const panel = await screen.findByRole("alert");
    // The page's h1 is the account title; the panel's heading sits under it.
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Account");

    const menu = screen.getByRole("navigation", { name: "My account" });
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Account", "/account"],
      ["Security", "/security"],
      ["Orders", "/orders"],
    ]);
    expect(within(screen.getByRole("banner")).getByRole("link", { name: "Cart" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();

    await expectPanelWithRetry(panel, 2);
    checkLogs();
  });
});
