import { test as base, expect, type Page } from "@playwright/test";

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
