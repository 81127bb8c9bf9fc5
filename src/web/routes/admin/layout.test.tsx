import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { storeAdminSession } from "../../lib/admin-session.ts";
import {
  expectBoundaryReports,
  expectPanelWithRetry,
  renderRoutes,
} from "../../test/render-in-shell.tsx";
import AdminLayout, { ErrorBoundary } from "./layout.tsx";

const BROKEN = new Error("the orders screen broke");
function BrokenScreen(): never {
  throw BROKEN;
}
function NeverShown() {
  return <p>never shown</p>;
}
function AScreen() {
  return <p>a screen</p>;
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession({
    token: "admin-token",
    token_type: "Bearer",
    user: { id: 1, name: "Owner", email: "owner@shop.test", is_admin: 1 },
  });
  // The bell and the inbox badge ask the API; their answers do not matter here.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>(() => {})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function backOffice(
  screenRoute: Parameters<typeof renderRoutes>[0][number],
  opts: { roles?: string[]; path?: string; lang?: "en" | "ar" } = {},
) {
  const { roles = ["owner"], path = "/admin-orders", lang } = opts;
  return renderRoutes(
    [
      {
        id: "routes/admin/layout",
        loader: () => ({ name: "Owner", token: "admin-token", id: 1, roles }),
        Component: AdminLayout,
        ErrorBoundary,
        children: [screenRoute],
      },
    ],
    { path, lang },
  );
}

/** What the owner keeps around a failed screen: the side menu and the top bar. */
function expectShell() {
  const menu = screen.getByRole("navigation", { name: "Admin menu" });
  expect(within(menu).getByRole("link", { name: "Orders" }).getAttribute("href")).toBe(
    "/admin-orders",
  );
  expect(within(menu).getByRole("link", { name: "Dashboard" })).toBeTruthy();
  expect(screen.getByTestId("admin-name").textContent).toBe("Owner");
  expect(screen.getByRole("button", { name: "Switch to Arabic" })).toBeTruthy();
}

describe("admin error boundary (issue 9)", () => {
  it("a screen that throws shows the error panel and its retry beside the side menu", async () => {
    const checkLogs = expectBoundaryReports(BROKEN);
    backOffice({ path: "admin-orders", Component: BrokenScreen });
    const panel = await screen.findByRole("alert");
    expect(screen.getByTestId("admin-page").contains(panel)).toBe(true);
    expectShell();
    await expectPanelWithRetry(panel);
    checkLogs();
  });

  it("a screen loader that fails shows the same panel in the shell", async () => {
    const checkLogs = expectBoundaryReports(new Error("orders API down"));
    backOffice({
      path: "admin-orders",
      loader: () => {
        throw new Error("orders API down");
      },
      Component: NeverShown,
    });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText("never shown")).toBeNull();
    expectShell();
    checkLogs();
  });
});

describe("the menu and screens follow the admin's roles (issue 27)", () => {
  const menuLinks = () =>
    within(screen.getByRole("navigation", { name: /Admin menu|قائمة/ }))
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));

  it("the owner sees every screen and the bell", async () => {
    backOffice({ path: "admin-orders", Component: AScreen });
    await screen.findByText("a screen");
    expect(menuLinks()).toEqual([
      "/admin-dashboard",
      "/admin-reports",
      "/admin-orders",
      "/admin-customers",
      "/admin-traders",
      "/admin-receivables",
      "/admin-products",
      "/admin-categories",
      "/admin-copouns",
      "/admin-promotions",
      "/admin-gift-cards",
      "/admin-campaigns",
      "/admin-kitchen",
      "/admin-settings",
      "/admin-inbox",
      "/admin-pages",
      "/admin-shipping",
      "/admin-calendar",
      "/admin-production",
      "/admin-kitchen-orders",
      "/admin-reviews",
      "/admin-account",
      "/admin-logout",
    ]);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
  });

  it.each([
    [
      ["orders"],
      [
        "/admin-orders",
        "/admin-customers",
        "/admin-traders",
        "/admin-receivables",
        "/admin-inbox",
        "/admin-production",
        "/admin-kitchen-orders",
        "/admin-account",
        "/admin-logout",
      ],
      true,
    ],
    [
      ["catalogue"],
      [
        "/admin-products",
        "/admin-categories",
        "/admin-copouns",
        "/admin-promotions",
        "/admin-campaigns",
        "/admin-pages",
        "/admin-reviews",
        "/admin-account",
        "/admin-logout",
      ],
      false,
    ],
    [
      ["kitchen"],
      [
        "/admin-kitchen",
        "/admin-production",
        "/admin-kitchen-orders",
        "/admin-account",
        "/admin-logout",
      ],
      false,
    ],
    [
      ["kitchen", "orders"],
      [
        "/admin-orders",
        "/admin-customers",
        "/admin-traders",
        "/admin-receivables",
        "/admin-kitchen",
        "/admin-inbox",
        "/admin-production",
        "/admin-kitchen-orders",
        "/admin-account",
        "/admin-logout",
      ],
      true,
    ],
  ])("%j sees %j (bell: %s)", async (roles, links, bell) => {
    backOffice(
      { path: "admin-orders/:id", Component: AScreen },
      {
        roles,
        path: "/admin-orders/12",
      },
    );
    await screen.findByTestId("admin-page");
    expect(menuLinks()).toEqual(links);
    expect(Boolean(screen.queryByRole("button", { name: "Notifications" }))).toBe(bell);
  });

  it.each([
    ["en", "Not allowed", "It is for: Catalogue.", "Go to Orders"],
    ["ar", "غير مسموح", "إنها لـ: الكتالوج.", "الانتقال إلى الطلبات"],
  ] as const)(
    "%s: a packer opening the products by address is told, not crashed",
    async (lang, title, text, link) => {
      backOffice(
        { path: "admin-products", Component: NeverShown },
        { roles: ["orders"], path: "/admin-products", lang },
      );
      const state = await screen.findByTestId("admin-not-allowed");
      expect(within(state).getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(state.textContent).toContain(text);
      expect(within(state).getByRole("link", { name: link }).getAttribute("href")).toBe(
        "/admin-orders",
      );
      expect(screen.queryByText("never shown")).toBeNull();
    },
  );
});
