import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { addDays } from "../src/shared/domain/business-time.ts";
import { kitchenToday, shortDate, weekdayName } from "../src/shared/domain/kitchen.ts";
import { E2E_ADMIN, expect, test, waitForHydration } from "./support.ts";

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

async function signInAdmin(page: Page) {
  const res = await page.request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  const body = await res.json();
  await page.addInitScript((session) => {
    localStorage.setItem("token", session.token);
    localStorage.setItem("token_type", session.token_type);
    localStorage.setItem("user", JSON.stringify(session.user));
  }, body);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

/** A small real picture for the upload pipeline. */
const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#c58b3c" } })
    .png()
    .toBuffer();

for (const lang of ["en", "ar"] as const) {
  const k = texts(lang, "kitchen");
  const ak = texts(lang, "admin-kitchen");
  const m = texts(lang, "messages");

  test.describe(`kitchen (${lang})`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useLanguage(page, lang, baseURL!);
    });

    test("the owner plans today and tomorrow, marks one sold out; a visitor sees each under its filter", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // Business days are Asia/Damascus days: the same functions the server uses name them.
      const today = kitchenToday(new Date());
      const tomorrow = addDays(today, 1);
      const stamp = `${lang}${Date.now()}`;
      const todayDish = `Lentil soup ${stamp}`;
      const tomorrowDish = `Okra stew ${stamp}`;
      const todayDishAr = `شوربة ${stamp}`;

      await signInAdmin(page);
      await page.goto("/admin-kitchen");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: ak.title })).toBeVisible();

      const addDish = async (title: string, day: string, arabic?: string) => {
        await page.getByRole("button", { name: ak.add, exact: true }).click();
        const dialog = page.getByTestId("dish-dialog");
        await expect(dialog).toBeVisible();
        await dialog.getByLabel(`${ak.dishTitle} (${m.form.english})`).fill(title);
        if (arabic) await dialog.getByLabel(`${ak.dishTitle} (${m.form.arabic})`).fill(arabic);
        await dialog.getByLabel(ak.price).fill("4.50");
        await dialog.getByLabel(weekdayName(day, lang), { exact: true }).check();
        return dialog;
      };

      // Today only, with a picture through the upload pipeline.
      let dialog = await addDish(todayDish, today, todayDishAr);
      await dialog.getByLabel(ak.image).setInputFiles({
        name: "soup.png",
        mimeType: "image/png",
        buffer: await picture(),
      });
      await dialog.getByRole("button", { name: texts(lang, "admin").actions.save }).click();
      await expect(dialog).toBeHidden();
      // Tomorrow only.
      dialog = await addDish(tomorrowDish, tomorrow);
      await dialog.getByRole("button", { name: texts(lang, "admin").actions.save }).click();
      await expect(dialog).toBeHidden();

      // The search finds both (300 ms pause), and the switch marks today's dish sold out.
      await page.getByLabel(ak.search).fill(stamp);
      await expect(page.locator("tbody tr")).toHaveCount(2);
      const soldOut = page.getByRole("switch", {
        name: ak.soldOutNamed.replace("{{name}}", todayDish),
      });
      await soldOut.click();
      await expect(soldOut).toHaveAttribute("aria-checked", "true");
      expect(await seriousViolations(page)).toEqual([]);

      // The visitor: today by default, server-rendered.
      await page.goto("/our-kitchen");
      await waitForHydration(page);
      const panel = page.getByTestId("kitchen-panel");
      await expect(page.getByRole("tab", { name: k.filters.today })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      const card = (title: string) => panel.getByTestId("dish-card").filter({ hasText: title });
      const shownToday = lang === "ar" ? todayDishAr : todayDish;
      await expect(card(shownToday)).toBeVisible();
      await expect(card(shownToday)).toContainText(k.soldOut);
      await expect(card(shownToday).getByRole("link")).toHaveCount(0);
      await expect(card(shownToday).locator("img")).toHaveAttribute("src", /^\/storage\//);
      await expect(card(tomorrowDish)).toHaveCount(0);
      await expect(panel).toContainText(weekdayName(today, lang));
      expect(await seriousViolations(page)).toEqual([]);

      // Tomorrow: the tab puts the filter in the URL; the order link names the dish and the day.
      await page.getByRole("tab", { name: k.filters.tomorrow }).click();
      await expect(page).toHaveURL(/\?filter=tomorrow$/);
      await expect(panel).toHaveAttribute("data-status", "ok");
      await expect(card(tomorrowDish)).toBeVisible();
      await expect(card(shownToday)).toHaveCount(0);
      // A dish with a price on tomorrow's menu is ordered here, by portions, not by message.
      await expect(
        card(tomorrowDish).getByRole("button", { name: new RegExp(tomorrowDish) }),
      ).toBeVisible();
      await expect(card(tomorrowDish).getByRole("link")).toHaveCount(0);

      // Keyboard: End selects next week, grouped by day under the day's name; Home goes back.
      await page.getByRole("tab", { name: k.filters.tomorrow }).press("End");
      await expect(page.getByRole("tab", { name: k.filters.nextWeek })).toBeFocused();
      await expect(page).toHaveURL(/\?filter=nextWeek$/);
      await expect(panel).toHaveAttribute("data-status", "ok");
      const day = (date: string) => panel.locator(`section[data-date="${date}"]`);
      await expect(panel.locator(`#day-${tomorrow}`)).toHaveText(
        `${weekdayName(tomorrow, lang)} ${shortDate(tomorrow, lang)}`,
      );
      await expect(day(tomorrow)).toContainText(tomorrowDish);
      await expect(day(tomorrow)).not.toContainText(shownToday);
      // Today's dish comes back in seven days, and is not sold out then.
      await expect(day(addDays(today, 7))).toContainText(shownToday);
      await expect(
        day(addDays(today, 7)).getByTestId("dish-card").filter({ hasText: shownToday }),
      ).not.toContainText(k.soldOut);
      await page.getByRole("tab", { name: k.filters.nextWeek }).press("Home");
      await expect(page.getByRole("tab", { name: k.filters.today })).toBeFocused();
      await expect(card(shownToday)).toBeVisible();

      // A shared link is rendered by the server with its filter selected.
      const html = await (await page.request.get("/our-kitchen?filter=tomorrow")).text();
      expect(html).toContain(tomorrowDish);
      expect(html).not.toContain(todayDish);
      expect(html).toMatch(/id="kitchen-tab-tomorrow"[^>]*aria-selected="true"/);
    });

    test("the QR banner's code decodes to the page's address", async ({ page, baseURL }) => {
      await page.goto("/our-kitchen");
      const qr = page.getByTestId("kitchen-qr");
      await expect(qr).toBeVisible();
      await expect(qr).toHaveJSProperty("complete", true);
      const shot = await qr.screenshot();
      const { data, info } = await sharp(shot)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(code?.data).toBe(`${baseURL}/our-kitchen`);
      await expect(page.locator("main")).toContainText(`${baseURL}/our-kitchen`);
      await expect(page.getByRole("heading", { name: k.hours.title })).toBeVisible();
      await expect(page.locator("main")).toContainText("9:00 – 23:00");
      await expect(page.locator("main")).toContainText("9:00 – 22:00");
    });

    test("a failed load shows SPEC's message and the retry button loads the menu", async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(/Failed to load resource/);
      await page.goto("/our-kitchen");
      await waitForHydration(page);
      await expect(page.getByRole("tablist")).toHaveAttribute("data-hydrated", "true");
      await page.route("**/api/kitchen?filter=tomorrow", (route) => route.abort());
      await page.getByRole("tab", { name: k.filters.tomorrow }).click();
      const panel = page.getByTestId("kitchen-panel");
      await expect(panel.getByRole("alert")).toContainText(k.errors.KITCHEN_FETCH_FAILED);
      await page.unroute("**/api/kitchen?filter=tomorrow");
      await panel.getByRole("button", { name: k.menu.retry }).click();
      await expect(panel).toHaveAttribute("data-status", "ok");
      await expect(panel.getByRole("alert")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
