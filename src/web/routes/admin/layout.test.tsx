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

function backOffice(screenRoute: Parameters<typeof renderRoutes>[0][number]) {
  return renderRoutes(
    [
      {
        id: "routes/admin/layout",
        loader: () => ({ name: "Owner", token: "admin-token", id: 1 }),
        Component: AdminLayout,
        ErrorBoundary,
        children: [screenRoute],
      },
    ],
    { path: "/admin-orders" },
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
