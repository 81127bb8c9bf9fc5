import fs from "node:fs";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { seedProducts } from "../src/server/db/seed/catalog-data.ts";
import type { ProductDetail, ProductListItem } from "../src/shared/schemas/catalog.ts";

/** The admin the e2e server starts with (ADMIN_EMAIL / ADMIN_PASSWORD in playwright.config.ts). */
export const E2E_ADMIN = { email: "admin@example.com", password: "e2e-admin-password" };

/** SPEC 2's public routes (product detail separately: it needs an existing id). */
export const STOREFRONT_ROUTES = [
  "/",
  "/about",
  "/contact",
  "/shop",
  "/our-kitchen",
  "/traders",
  "/cart",
  "/account",
  "/security",
  "/orders",
  "/search",
  "/login",
  "/register",
  "/privacy-policy",
  "/terms-condition",
  "/international-shipping",
  "/refund-policy",
  "/faq",
] as const;

/** SPEC 2's admin group; each needs an admin session. */
export const ADMIN_ROUTES = [
  "/admin-dashboard",
  "/admin-products",
  "/admin-categories",
  "/admin-orders",
  "/admin-copouns",
  "/admin-kitchen",
] as const;

type ConsoleGuard = {
  /** Console errors/warnings and uncaught page errors seen so far. */
  problems: string[];
  /** Lets a test expect a message (for example the browser's own line about a 404 response). */
  allow(pattern: RegExp): void;
};

/**
 * `page` that fails the test on any console error or warning and on any uncaught exception:
 * hydration mismatches, React warnings and CSP violations all surface there.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        const text = `${message.type()}: ${message.text()}`;
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(text);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use({ problems, allow: (pattern) => allowed.push(pattern) });
      expect(problems, "console errors, warnings or page errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The document's language attributes as the browser sees them now. */
export async function htmlLangDir(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** Waits until React has hydrated (a click before that would be lost). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.querySelector("header, main");
    return Boolean(root && Object.keys(root).some((key) => key.startsWith("__react")));
  });
}

type Box = { left: number; right: number; top: number; bottom: number };

/**
 * Issue 29.2: where the pieces of a formatted date and time lie on screen (the first text in
 * `locator` holding "25 Nov 2026, 18:25" or "25/11/2026، 6:25 م"), or null when there is no
 * such text: direction marks between the numbers are not such a text either.
 */
export async function dateTimeBoxes(locator: Locator) {
  return locator.evaluate((root) => {
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const pattern =
      /(\d{1,2})[/ ](?:\d{2}|[A-Z][a-z]{2})[/ ](\d{4})[,،]? (\d{1,2}:\d{2})(?: ([صم]))?/;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const match = pattern.exec(text);
      if (!match) continue;
      const box = (piece: string | undefined, from: number) => {
        if (!piece) return null;
        const start = text.indexOf(piece, from);
        const range = root.ownerDocument.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + piece.length);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const at = match.index;
      const [, day, year, time, period] = match;
      const timeAt = text.indexOf(time!, at + day!.length + year!.length);
      return {
        text: match[0],
        whole: box(match[0], at)!,
        day: box(day, at)!,
        year: box(year, at)!,
        time: box(time, timeAt)!,
        period: box(period, timeAt + time!.length),
      };
    }
    return null;
  });
}

/**
 * Issue 29.2: a date reads naturally in its language. English left to right: date, then time.
 * Arabic right to left: the date (its digits left to right, as a price's), then the time, then
 * ص/م; all on one line.
 */
export async function expectDateReadsNaturally(locator: Locator, lang: "en" | "ar") {
  const boxes = await dateTimeBoxes(locator);
  expect(boxes, `a date and time in "${await locator.textContent()}"`).not.toBeNull();
  const { day, year, time, period } = boxes!;
  const sameLine = (a: Box, b: Box) => Math.abs(a.top - b.top) < 4;
  expect(sameLine(day, time) && sameLine(year, time), "date and time on one line").toBe(true);
  expect(day.left, "the date's digits run left to right").toBeLessThan(year.left);
  if (lang === "ar") {
    expect(period, "ص/م after the time").not.toBeNull();
    expect(time.right, "the time left of the date").toBeLessThanOrEqual(day.left + 1);
    expect(period!.right, "ص/م left of the time").toBeLessThanOrEqual(time.left + 1);
  } else {
    expect(year.right, "the time right of the date").toBeLessThanOrEqual(time.left + 1);
  }
  return boxes!;
}

export type Lang = "en" | "ar";

/** A locale file's texts, as the page under test shows them. */
export const localeTexts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The page speaks `lang` from its first request (cookie) and after hydration (storage). */
export async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

/** A field's label that starts with `text` (a required field's label goes on with its mark). */
export const labelStarting = (text: string) => new RegExp(`^${escapeRe(text)}`);

/** Fills and sends the sign-in form already open (and hydrated) at /admin-login, in `lang`. */
export async function submitAdminSignIn(
  page: Page,
  lang: Lang,
  who: { email: string; password: string },
) {
  const a = localeTexts(lang, "account");
  await page.getByLabel(labelStarting(a.login.email)).fill(who.email);
  await page.getByLabel(labelStarting(a.login.password)).fill(who.password);
  await page.getByRole("button", { name: a.login.submit, exact: true }).click();
}

/** Signs in at /admin-login as the e2e owner, with the form's labels in `lang`. */
export async function signInAsOwner(page: Page, lang: Lang) {
  await page.goto("/admin-login");
  await waitForHydration(page);
  await submitAdminSignIn(page, lang, E2E_ADMIN);
  await page.waitForURL(/\/admin-dashboard$/);
}

export type Mail = { from: string; to: string[]; raw: string; text: string };

/**
 * The e-mails the shop sent to `address` (the mailbox beside the e2e server) whose text holds
 * `containing`, once at least `count` have arrived. `text` is the decoded message (headers,
 * text and HTML parts).
 */
export async function mailTo(
  address: string,
  opts: { count?: number; containing?: string } = {},
): Promise<Mail[]> {
  const { count = 1, containing = "" } = opts;
  const url = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`;
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(url)).json()) as Mail[];
        mails = all.filter((mail) => mail.text.includes(containing));
        return mails.length;
      },
      { timeout: 20_000, message: `e-mails to ${address}` },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first absolute link to `path` (e.g. "/reset-password") in an e-mail. */
export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${escapeRe(path)}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text.slice(0, 400)}`);
  return match[0].replace(/&amp;/g, "&");
}

/** The demo catalogue's SKUs: the products the e2e server seeds before any journey runs. */
const SEEDED_SKUS = new Set(seedProducts.map((p) => p.sku));

/** A seeded product's name in `lang`, by its SKU (as the demo catalogue has it). */
export function seededName(sku: string, lang: Lang): string {
  const product = seedProducts.find((p) => p.sku === sku);
  if (!product) throw new Error(`no seeded product ${sku}`);
  return lang === "ar" ? product.nameAr : product.nameEn;
}

/** Every seeded product's name in `lang`. */
export const seededNames = (lang: Lang) =>
  seedProducts.map((p) => (lang === "ar" ? p.nameAr : p.nameEn));

/**
 * The seeded products in the shop's listing, lowest id first. Journeys pick their products
 * here, never from the front of the newest-first listing: there lead the products that other
 * journeys create, edit, show for a moment and delete while this one runs on the same shop
 * (admin-catalog.spec.ts, admin-low-stock.spec.ts).
 */
export async function seededProducts(request: APIRequestContext): Promise<ProductListItem[]> {
  const list = await request.get("/api/products?per_page=100");
  expect(list.ok(), await list.text()).toBe(true);
  const items = ((await list.json()) as { data: ProductListItem[] }).data;
  return items.filter((item) => SEEDED_SKUS.has(item.sku)).sort((a, b) => a.id - b.id);
}

/**
 * The first `count` seeded products in stock (lowest id first, so the same ones every run)
 * that `where` accepts, with their detail. Untracked stock unless `tracked`: the few seeded
 * products whose stock is counted belong to admin-orders.spec.ts, which checks that a cancel
 * puts its own order's grams back, so no other journey may order them.
 */
export async function seededProductsInStock(
  request: APIRequestContext,
  opts: { count?: number; tracked?: boolean; where?: (product: ProductDetail) => boolean } = {},
): Promise<ProductDetail[]> {
  const { count = 1, tracked = false, where = () => true } = opts;
  const picked: ProductDetail[] = [];
  for (const item of await seededProducts(request)) {
    if (!item.in_stock) continue;
    const res = await request.get(`/api/products/${item.id}`);
    expect(res.ok(), await res.text()).toBe(true);
    const product = ((await res.json()) as { data: ProductDetail }).data;
    if ((product.stock !== null) !== tracked || !where(product)) continue;
    picked.push(product);
    if (picked.length === count) return picked;
  }
  throw new Error(`only ${picked.length} of ${count} seeded products in stock fit`);
}

/** The first seeded product in stock (untracked unless `tracked`) that `where` accepts. */
export async function seededProductInStock(
  request: APIRequestContext,
  opts: { tracked?: boolean; where?: (product: ProductDetail) => boolean } = {},
): Promise<ProductDetail> {
  const [product] = await seededProductsInStock(request, { ...opts, count: 1 });
  return product!;
}

/** A guest order through the API of the first seeded product in stock, at its smallest weight. */
export async function placeGuestOrder(
  request: APIRequestContext,
  opts: {
    name: string;
    payment_method: string;
    address?: { country: string; city: string; address: string };
    lang?: Lang;
  },
) {
  const product = await seededProductInStock(request);
  const res = await request.post("/api/orders", {
    headers: { "idempotency-key": `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      name: opts.name,
      phone: "+963 11 000 0000",
      ...(opts.address ?? { country: "SY", city: "Damascus", address: "Old City" }),
      ...(opts.lang ? { lang: opts.lang } : {}),
      payment_method: opts.payment_method,
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (
    (await res.json()) as {
      data: { number: string; total: number; access_key: string };
    }
  ).data;
}

/** The e2e owner's bearer header for the admin API (setting up what a journey needs). */
export async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${(await login.json()).token}` };
}
