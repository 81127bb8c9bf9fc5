import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setPageHydrating, useMarkPageHydrated } from "../../components/ui/hydrate-later.tsx";
import { addToCart, resetCartStoreForTests } from "../../features/cart/cart-store.ts";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { Header } from "./header.tsx";

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
});
afterEach(cleanup);

const MAIN = [
  ["Home", "/"],
  ["Shop", "/shop"],
  ["Our Kitchen", "/our-kitchen"],
  ["About Us", "/about"],
  ["Traders", "/traders"],
  ["Contact", "/contact"],
] as const;

/** A customer session in storage, as the login leaves it. */
function signIn(name: string) {
  localStorage.setItem("customer_token", "t");
  localStorage.setItem(
    "customer_user",
    JSON.stringify({ id: 1, name, email: "rana@example.com", role: "customer" }),
  );
}

/** The root route's mark that the page has hydrated, as in root.tsx. */
function PageHydrated() {
  useMarkPageHydrated();
  return null;
}

/** The header rendered while the page hydrates; `during` checks it then, before the mark. */
async function whileHydrating(during: () => Promise<void>) {
  setPageHydrating(true);
  try {
    renderInShell(<Header />);
    await during();
    renderInShell(<PageHydrated />);
  } finally {
    setPageHydrating(false);
  }
}

const hrefs = (links: HTMLElement[]) => links.map((link) => link.getAttribute("href"));

function storeCart(quantities: number[]) {
  const lines = quantities.map((qty, i) => ({
    productId: String(i + 1),
    name: `Sweet ${i + 1}`,
    price: 10,
    image: "",
    qty,
    timestamp: Date.now(),
  }));
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

describe("Header (SPEC 2, Navigation)", () => {
  it("has the top bar: home logo, account, cart, search and the language toggle", async () => {
    renderInShell(<Header />);
    const bar = await screen.findByRole("navigation", { name: "Account" });
    expect(within(bar).getByRole("link", { name: "Account" }).getAttribute("href")).toBe(
      "/account",
    );
    expect(within(bar).getByRole("link", { name: "Cart" }).getAttribute("href")).toBe("/cart");
    expect(within(bar).getByRole("link", { name: "Search" }).getAttribute("href")).toBe("/search");
    // The toggle is a link to this page's Arabic address (docs/decisions/0028).
    expect(within(bar).getByRole("link", { name: "Switch to Arabic" }).getAttribute("href")).toBe(
      "/ar",
    );
    expect(screen.getByRole("search")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Golden Syrup/ }).getAttribute("href")).toBe("/");
  });

  it("has the second bar's six links in SPEC order and the Get started menu", async () => {
    renderInShell(<Header />);
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    expect(hrefs(within(nav).getAllByRole("link"))).toEqual(MAIN.map(([, href]) => href));
    for (const [name, href] of MAIN)
      expect(within(nav).getByRole("link", { name }).getAttribute("href")).toBe(href);
    expect(within(nav).getByRole("button", { name: "Get started" })).toBeTruthy();
  });

  it("marks the current page in the second bar", async () => {
    renderInShell(<Header />, { path: "/shop" });
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Shop" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it.each([
    [[], null, "Cart"],
    [[1], "1", "Cart, 1 item"],
    [[2, 3], "5", "Cart, 5 items"],
    // A line holds at most 8 (issue 29.8): 13 lines of 8.
    [Array<number>(13).fill(8), "99+", "Cart, 104 items"],
  ])("cart %j shows badge %s", async (quantities, badge, label) => {
    storeCart(quantities);
    renderInShell(<Header />);
    const link = await screen.findByRole("link", { name: label });
    expect(link.getAttribute("href")).toBe("/cart");
    expect(screen.queryByTestId("cart-badge")?.textContent ?? null).toBe(badge);
  });

  it("updates the badge when the cart changes in this tab", async () => {
    renderInShell(<Header />);
    await screen.findByRole("link", { name: "Cart" });
    act(() =>
      addToCart({ productId: "7", qty: 3, productSnapshot: { name: "Maamoul", price: 12 } }),
    );
    expect(screen.getByTestId("cart-badge").textContent).toBe("3");
    expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeTruthy();
  });

  // Issue 30: reading storage is not part of hydration's last task; the badge comes just after.
  it("while the page hydrates, reads the stored cart in the first idle moment after it", async () => {
    storeCart([2, 3]);
    await whileHydrating(async () => {
      await screen.findByRole("link", { name: "Cart" });
      expect(screen.queryByTestId("cart-badge")).toBeNull();
    });
    expect((await screen.findByTestId("cart-badge")).textContent).toBe("5");
  });

  // Issue 30: nor is reading the customer's session; a signed-in name comes just after.
  it("while the page hydrates, reads the customer's session in the first idle moment after it", async () => {
    signIn("Rana");
    await whileHydrating(async () => {
      const nav = await screen.findByRole("navigation", { name: "Main navigation" });
      expect(within(nav).getByRole("button", { name: "Get started" })).toBeTruthy();
      expect(screen.queryByTestId("customer-menu")).toBeNull();
    });
    expect((await screen.findByTestId("customer-name")).textContent).toBe("Rana");
  });

  it("ignores a damaged cart in storage", async () => {
    localStorage.setItem(CART_STORAGE_KEY, "{not json");
    renderInShell(<Header />);
    await screen.findByRole("link", { name: "Cart" });
    expect(screen.queryByTestId("cart-badge")).toBeNull();
  });

  it("the mobile menu toggles the same links plus Login and Register", async () => {
    const user = userEvent.setup();
    renderInShell(<Header />);
    const toggle = await screen.findByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById("mobile-menu")).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");
    const menu = document.getElementById("mobile-menu")!;
    expect(hrefs(within(menu).getAllByRole("link"))).toEqual([
      ...MAIN.map(([, href]) => href),
      "/login",
      "/register",
    ]);

    await user.click(toggle);
    expect(document.getElementById("mobile-menu")).toBeNull();
  });

  it("closes the mobile menu when a link is followed", async () => {
    const user = userEvent.setup();
    renderInShell(<Header />);
    await user.click(await screen.findByRole("button", { name: "Menu" }));
    await user.click(
      within(document.getElementById("mobile-menu")!).getByRole("link", { name: "Shop" }),
    );
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
  });

  it("is in Arabic in Arabic", async () => {
    renderInShell(<Header />, { lang: "ar" });
    const nav = await screen.findByRole("navigation", { name: "التنقل الرئيسي" });
    // Every link stays in Arabic: the same pages under /ar.
    expect(within(nav).getByRole("link", { name: "الرئيسية" }).getAttribute("href")).toBe("/ar");
    expect(within(nav).getByRole("link", { name: "المتجر" }).getAttribute("href")).toBe("/ar/shop");
    expect(screen.getByRole("link", { name: "التبديل إلى الإنجليزية" }).getAttribute("href")).toBe(
      "/",
    );
  });

  it.each([
    ["en", "/shop?category=cakes", "/ar/shop?category=cakes"],
    ["ar", "/ar/shop?category=cakes", "/shop?category=cakes"],
    ["ar", "/ar/about", "/about"],
    ["en", "/faq", "/ar/faq"],
  ] as const)("in %s at %s the toggle goes to %s, the same page", async (lang, path, target) => {
    renderInShell(<Header />, { lang, path });
    const toggle = await screen.findByTestId("language-toggle");
    expect(toggle.getAttribute("href")).toBe(target);
    expect(toggle.getAttribute("hreflang")).toBe(lang === "ar" ? "en" : "ar");
  });

  it("issue 29.7: a signed-in customer gets the account and Log out, not Login/Register, in both menus", async () => {
    signIn("Rana");
    const user = userEvent.setup();
    renderInShell(<Header />);
    const nav = await screen.findByRole("navigation", { name: "Main navigation" });
    await user.click(within(nav).getByRole("button", { name: "Get started" }));
    expect(within(nav).getByRole("link", { name: "Account" }).getAttribute("href")).toBe(
      "/account",
    );
    expect(within(nav).getByRole("button", { name: "Log out" })).toBeTruthy();
    expect(within(nav).queryByRole("link", { name: "Login" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Register" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Menu" }));
    const phone = document.getElementById("mobile-menu")!;
    expect(within(phone).queryByRole("link", { name: "Login" })).toBeNull();
    expect(within(phone).queryByRole("link", { name: "Register" })).toBeNull();
    expect(within(phone).getByTestId("customer-name").closest("a")?.getAttribute("href")).toBe(
      "/account",
    );
    expect(within(phone).getByRole("button", { name: "Log out" })).toBeTruthy();
  });
});
