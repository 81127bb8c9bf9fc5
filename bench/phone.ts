// A first visit from a phone, for the browser benches: Debian's Chromium, a Moto G-sized
// screen (as Lighthouse's mobile run), an empty cache, and the page's language in its cookie.
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { languageOfPath } from "../src/shared/domain/language-path.ts";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
}

/** A fresh phone for one visit to `route` (a page under /ar is Arabic, any other English). */
export async function phoneFor(
  browser: Browser,
  base: string,
  route: string,
): Promise<BrowserContext> {
  const lang = languageOfPath(route) ?? "en";
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: lang,
  });
  await context.addCookies([{ name: "lang", value: lang, url: base }]);
  return context;
}
