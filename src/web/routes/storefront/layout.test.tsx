import { cleanup, screen, within } from "@testing-library/react";
import { data } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seasonBanner } from "../../../shared/domain/seasons.ts";
import { resetCartStoreForTests } from "../../features/cart/cart-store.ts";
import {
  expectBoundaryReports,
  expectPanelWithRetry,
  renderRoutes,
} from "../../test/render-in-shell.tsx";
import StorefrontLayout, { ErrorBoundary } from "./layout.tsx";

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});
afterEach(cleanup);

const BROKEN = new Error("the shop screen broke");
function BrokenScreen(): never {
  throw BROKEN;
}
function NeverShown() {
  return <p>never shown</p>;
}

function storefront(screenRoute: Parameters<typeof renderRoutes>[0][number]) {
  return renderRoutes([{ Component: StorefrontLayout, ErrorBoundary, children: [screenRoute] }], {
    path: "/shop",
  });
}

/** The shell a visitor still has around a failed screen: the menu, the cart, the footer. */
function expectShell() {
  const header = screen.getByRole("banner");
  expect(within(header).getAllByRole("navigation", { name: "Main navigation" })[0]).toBeTruthy();
  expect(within(header).getAllByRole("link", { name: "Shop" })[0]?.getAttribute("href")).toBe(
    "/shop",
  );
  expect(within(header).getByRole("link", { name: "Cart" })).toBeTruthy();
  expect(screen.getByRole("contentinfo")).toBeTruthy();
}

describe("storefront error boundary (issue 9)", () => {
  it("a screen that throws shows the error panel and its retry inside the header and footer", async () => {
    const checkLogs = expectBoundaryReports(BROKEN);
    storefront({ path: "shop", Component: BrokenScreen });
    const panel = await screen.findByRole("alert");
    expect(screen.getByRole("main").contains(panel)).toBe(true);
    expectShell();
    await expectPanelWithRetry(panel);
    checkLogs();
  });

  it("a loader that fails shows the same panel in the shell", async () => {
    const checkLogs = expectBoundaryReports(new Error("the catalogue is down"));
    storefront({
      path: "shop",
      loader: () => {
        throw new Error("the catalogue is down");
      },
      Component: NeverShown,
    });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("button", { name: "Try again" })).toBeTruthy();
    expect(screen.queryByText("never shown")).toBeNull();
    expectShell();
    checkLogs();
  });

  it("a 404 answer says not found, without a retry", async () => {
    storefront({
      path: "shop",
      loader: () => {
        throw data(null, { status: 404 });
      },
      Component: NeverShown,
    });
    const panel = await screen.findByRole("alert");
    expect(within(panel).getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(panel.textContent).toContain("Not found.");
    expect(within(panel).queryByRole("button")).toBeNull();
    expectShell();
  });
});

function ShopStub() {
  return <p>the shop</p>;
}

describe("the season banner", () => {
  const season = seasonBanner({
    nameEn: "Eid al-Fitr",
    nameAr: "عيد الفطر",
    firstDay: "2026-03-19",
    lastDay: "2026-03-21",
  });
  const page = { path: "shop", Component: ShopStub };

  it.each([
    [
      "en",
      "Eid al-Fitr · Order now for 19 March 2026 – 21 March 2026 (30 Ramadan 1447 AH – 2 Shawwal 1447 AH)",
    ],
    [
      "ar",
      "عيد الفطر · اطلب الآن ليوم 19 آذار 2026 حتى 21 آذار 2026 (30 رمضان 1447 هـ – 2 شوال 1447 هـ)",
    ],
  ] as const)(
    "(%s) names the season open for orders, its days and their Hijri dates",
    async (lang, text) => {
      renderRoutes([{ Component: StorefrontLayout, ErrorBoundary, children: [page] }], {
        path: "/shop",
        lang,
        root: { season },
      });
      expect((await screen.findByTestId("season-banner")).textContent).toBe(text);
    },
  );

  it("is not there outside seasons", async () => {
    renderRoutes([{ Component: StorefrontLayout, ErrorBoundary, children: [page] }], {
      path: "/shop",
      root: { season: null },
    });
    await screen.findByText("the shop");
    expect(screen.queryByTestId("season-banner")).toBeNull();
  });
});
