import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN, expect, test, waitForHydration } from "./support.ts";

/**
 * Issue 13: the company pages in both languages, the contact and trader forms reaching the
 * owner's inbox, the partnership guide, the FAQ accordion and the map with its tiles blocked.
 */
type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const T = (lang: Lang) => ({
  about: texts(lang, "about"),
  contact: texts(lang, "contact"),
  traders: texts(lang, "traders"),
  faq: texts(lang, "faq"),
  privacy: texts(lang, "privacy"),
  terms: texts(lang, "terms"),
  refund: texts(lang, "refund"),
  shipping: texts(lang, "shipping"),
  inbox: texts(lang, "admin-inbox"),
  pages: texts(lang, "admin-pages"),
  messages: texts(lang, "messages"),
});

const TILE_HOST = "**/*.tile.openstreetmap.org/**";

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

/** Axe over the page's own content (the shell spec checks the header and footer). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

/** Nothing a reader should never see: untranslated keys, unfilled placeholders, filler. */
async function expectNoPlaceholders(page: Page) {
  const body = (await page.locator("main").textContent()) ?? "";
  expect(body).not.toMatch(/\{\{|\}\}|lorem ipsum|TODO|coming soon|undefined|\bnull\b/i);
  expect(body).not.toMatch(/\b(hero|form|intro|table|locations)\.[a-z]+/);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  expect(res.status()).toBe(200);
  return (await res.json()).token as string;
}

async function signInAdmin(page: Page) {
  const res = await page.request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  const body = await res.json();
  await page.addInitScript((session) => {
    localStorage.setItem("token", session.token);
    localStorage.setItem("token_type", session.token_type);
    localStorage.setItem("user", JSON.stringify(session.user));
  }, body);
}

for (const lang of ["en", "ar"] as const) {
  const t = T(lang);

  test.describe(`company pages (${lang})`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useLanguage(page, lang, baseURL!);
      // The public tile service is never reached from a test: the pages must read right without it.
      await page.route(TILE_HOST, (route) => route.abort());
    });

    test("every page renders its sections, no placeholder text, axe nothing serious", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      // Titles fade in for 3 s (a half-faded title is low contrast to axe); reduced motion
      // turns the effect off, as it must for readers who ask for it.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const pages: { path: string; title: string; check: () => Promise<void> }[] = [
        {
          path: "/about",
          title: t.about.hero.title,
          check: async () => {
            const main = page.locator("main");
            for (const key of ["expertChefs", "strangeFlavours", "bestDishes"])
              await expect(main).toContainText(t.about.features[key].title);
            await expect(main).toContainText(t.about.whyUs.title);
            await expect(main).toContainText("1975");
            await expect(main).toContainText("1951");
            await expect(page.getByTestId("timeline")).toBeVisible();
            await expect(page.getByTestId("mission")).toBeVisible();
            await expect(page.getByTestId("vision-overlay")).toHaveCSS("opacity", "0.25");
            const more = main.getByRole("button", { name: t.about.gallery.viewMore });
            const photos = await main.getByRole("img").count();
            await more.click();
            expect(await main.getByRole("img").count()).toBeGreaterThan(photos);
            await expect(page.getByTestId("map-marker-syria")).toBeAttached();
            await expect(page.getByTestId("map-marker-egypt")).toBeAttached();
            await expect(main.getByRole("link", { name: t.about.partners.joinUs })).toHaveAttribute(
              "href",
              // Every link stays in the page's language (docs/decisions/0028).
              lang === "ar" ? "/ar/traders" : "/traders",
            );
          },
        },
        {
          path: "/traders",
          title: t.traders.hero.title,
          check: async () => {
            await expect(page.locator("main")).toContainText(t.traders.benefits.title);
            await expect(page.getByTestId("guide-link")).toBeVisible();
            await expect(page.getByLabel(t.traders.form.full_name)).toBeVisible();
          },
        },
        {
          path: "/faq",
          title: t.faq.hero.title,
          check: async () => {
            await expect(page.getByTestId("faq").getByRole("button").first()).toBeVisible();
          },
        },
        ...(["privacy", "terms", "refund"] as const).map((ns) => ({
          path: { privacy: "/privacy-policy", terms: "/terms-condition", refund: "/refund-policy" }[
            ns
          ],
          title: t[ns].hero.title as string,
          check: async () => {
            await expect(page.getByTestId("policy-intro")).toContainText(t[ns].intro.p1);
            expect(await page.locator("main h2").count()).toBeGreaterThan(1);
          },
        })),
        {
          path: "/international-shipping",
          title: t.shipping.hero.title,
          check: async () => {
            // Issue 23: the owner's zones (four seeded) and SPEC 9's 36 refused countries.
            const table = page.getByTestId("shipping-table");
            await expect(table).toBeVisible();
            expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
            await expect(page.getByTestId("shipping-refused").getByRole("listitem")).toHaveCount(
              36,
            );
          },
        },
      ];
      for (const { path, title, check } of pages) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await check();
        await expectNoPlaceholders(page);
        // Terms and refund share the privacy page's template: axe once for the three.
        if (!["/terms-condition", "/refund-policy"].includes(path))
          expect(await seriousViolations(page), path).toEqual([]);
      }
    });

    test("contact: form states, map when scrolled to with tiles blocked, message reaches the inbox", async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(60_000);
      // The blocked tiles and the deliberately failed send are logged by the browser itself.
      consoleGuard.allow(/Failed to load resource/);
      await page.goto("/contact");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.contact.hero.title);
      await expect(page.locator("main")).toContainText(t.contact.info.title);
      await expect(page.locator("main")).toContainText(t.contact.chat.title);
      await expectNoPlaceholders(page);
      // The map is not loaded before the reader comes near it.
      await expect(page.getByTestId("locations-map")).toHaveCount(0);

      const sent: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/contact")) sent.push(request.method());
      });
      const form = page.locator("form", { has: page.locator("#contact-message") });
      const send = form.getByRole("button", { name: t.contact.form.send });

      // Empty required field: SPEC's text, nothing sent.
      await page.locator("#contact-name").fill("Huda");
      await send.click();
      await expect(page.getByTestId("contact-missing")).toHaveText(t.contact.form.fillRequired);
      expect(sent).toEqual([]);

      // A failure with nothing from the server: SPEC 8's fallback.
      await page.route("**/api/contact", (route) => route.fulfill({ status: 503, body: "" }), {
        times: 1,
      });
      const name = `Huda ${lang} ${Date.now()}`;
      await page.locator("#contact-name").fill(name);
      await page.locator("#contact-email").fill(`huda-${lang}@example.com`);
      await page.locator("#contact-phone").fill("+963 944 123 456");
      await page.locator("#contact-subject").fill(lang === "ar" ? "طلب كبير" : "A large order");
      await page
        .locator("#contact-message")
        .fill(lang === "ar" ? "هل تصنعون المعمول؟" : "Maamoul?");
      await send.click();
      await expect(page.getByTestId("contact-error")).toHaveText(t.contact.form.failed);

      // Sending: held until the test lets it go, so the state is seen without timing.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        "**/api/contact",
        async (route) => {
          await held;
          await route.continue();
        },
        { times: 1 },
      );
      await send.click();
      const sending = form.getByRole("button", { name: t.contact.form.sending });
      await expect(sending).toBeDisabled();
      release();
      await expect(page.getByTestId("contact-success")).toHaveText(t.contact.form.success);
      await expect(page.locator("#contact-name")).toHaveValue("");
      await expect(page.locator("#contact-message")).toHaveValue("");

      // The map appears when scrolled to, one marker per location; the page stays usable.
      await page.getByTestId("map-slot").scrollIntoViewIfNeeded();
      const map = page.getByTestId("locations-map");
      await expect(map).toBeVisible();
      const slides = page.getByTestId("location-slide");
      const locations = (await slides.count()) / 3;
      expect(locations).toBeGreaterThan(0);
      await expect(map.locator(".leaflet-marker-icon")).toHaveCount(locations);
      const pause = page.getByTestId("slider-pause");
      await pause.focus();
      await page.keyboard.press("Enter");
      await expect(pause).toHaveText(t.contact.locations.play);
      await expect(page.locator("#contact-name")).toBeEditable();
      expect(await seriousViolations(page)).toEqual([]);

      // The owner sees it in the inbox, unread, and can mark it handled.
      await signInAdmin(page);
      await page.goto("/admin-inbox");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.inbox.title);
      await expect(page.getByTestId("inbox-unread")).toBeVisible();
      const table = page.getByTestId("inbox-messages");
      await table.getByRole("searchbox").fill(name);
      const row = table.getByRole("row", { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await row.getByRole("button", { name: t.inbox.open }).click();
      const dialog = page.getByTestId("inbox-dialog");
      await expect(dialog).toContainText(lang === "ar" ? "هل تصنعون المعمول؟" : "Maamoul?");
      await expect(dialog.getByRole("link", { name: t.inbox.replyEmail })).toHaveAttribute(
        "href",
        /^mailto:huda-/,
      );
      await expect(dialog.getByRole("link", { name: t.inbox.replyChat })).toHaveAttribute(
        "href",
        /^https:\/\/wa\.me\/963944123456\?text=/,
      );
      await dialog.getByLabel(t.inbox.status).selectOption("handled");
      await dialog.getByLabel(t.inbox.note).fill("Called back");
      await dialog.getByRole("button", { name: t.inbox.save }).click();
      await expect(dialog).toBeHidden();
      await expect(row.getByRole("combobox")).toHaveValue("handled");
    });

    // Issue 29.4: the server's "Please enter a valid email address." stayed English in Arabic.
    test("contact and traders: the server's refusal of an e-mail is in the page's language", async ({
      page,
      consoleGuard,
    }) => {
      // The 422 itself (and the map's blocked tiles) are logged by the browser.
      consoleGuard.allow(/Failed to load resource/);
      await page.goto("/contact");
      await waitForHydration(page);
      await page.locator("#contact-name").fill("Huda");
      await page.locator("#contact-email").fill("huda@");
      await page.locator("#contact-phone").fill("+963 944 123 456");
      await page.locator("#contact-message").fill(lang === "ar" ? "مرحباً" : "Hello");
      await page
        .locator("form", { has: page.locator("#contact-message") })
        .getByRole("button", { name: t.contact.form.send })
        .click();
      await expect(page.locator("#contact-email-error")).toHaveText(t.messages.emailInvalid);
      await expect(page.getByTestId("contact-error")).toHaveText(t.messages.emailInvalid);

      await page.goto("/traders");
      await waitForHydration(page);
      await page.getByLabel(t.traders.form.full_name).fill("Karim");
      await page.getByLabel(t.traders.form.country).selectOption("EG");
      await page.getByLabel(t.traders.form.city).fill(lang === "ar" ? "القاهرة" : "Cairo");
      await page.getByLabel(t.traders.form.phone).fill("+20 100 000 0000");
      await page.locator("#trader-email").fill("karim@");
      await page.getByRole("button", { name: t.traders.form.send }).click();
      await expect(page.locator("#trader-email-error")).toHaveText(t.messages.emailInvalid);
      await expect(page.getByTestId("trader-error")).toHaveText(t.messages.emailInvalid);
    });

    test("traders: the guide is a PDF, an enquiry reaches the inbox and the dashboard count", async ({
      page,
      request,
    }) => {
      await page.goto("/traders");
      await waitForHydration(page);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("guide-link").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 4).toString()).toBe("%PDF");

      const token = await adminToken(request);
      const auth = { authorization: `Bearer ${token}` };
      const dashboard = async () =>
        (await (await request.get("/api/admin/dashboard", { headers: auth })).json()).data
          .total_trader_applications as number;
      const before = await dashboard();

      const name = `Karim ${lang} ${Date.now()}`;
      await page.getByLabel(t.traders.form.full_name).fill(name);
      const country = page.getByLabel(t.traders.form.country);
      // The country select speaks the page's language and sends the ISO code.
      await expect(country.locator('option[value="EG"]')).toHaveText(
        lang === "ar" ? "مصر" : "Egypt",
      );
      await country.selectOption("EG");
      await page.getByLabel(t.traders.form.city).fill(lang === "ar" ? "القاهرة" : "Cairo");
      await page.getByLabel(t.traders.form.phone).fill("+20 100 000 0000");
      await page.getByRole("button", { name: t.traders.form.send }).click();
      await expect(page.getByTestId("trader-success")).toHaveText(t.traders.form.success);

      const list = await request.get(`/api/admin/trader-enquiries?q=${encodeURIComponent(name)}`, {
        headers: auth,
      });
      const found = (await list.json()).data;
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ full_name: name, country: "EG", status: "new" });
      // Other tests send enquiries in parallel: at least this one more.
      expect(await dashboard()).toBeGreaterThanOrEqual(before + 1);

      await signInAdmin(page);
      await page.goto("/admin-inbox?tab=enquiries");
      await expect(
        page.getByTestId("inbox-enquiries").getByRole("row", { name: new RegExp(name) }),
      ).toBeVisible();
    });

    test("owner: a question added in Pages shows on /faq; subscribers export as CSV and are removable", async ({
      page,
    }) => {
      const stamp = `${lang}-${Date.now()}`;
      const email = `reader-${stamp}@example.com`;
      expect((await page.request.post("/api/newsletter", { data: { email } })).status()).toBe(202);
      await signInAdmin(page);

      await page.goto("/admin-inbox?tab=subscribers");
      const table = page.getByTestId("inbox-subscribers");
      await table.getByRole("searchbox").fill(email);
      const row = table.getByRole("row", { name: new RegExp(email) });
      await expect(row).toBeVisible();
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        table.getByRole("button", { name: t.inbox.exportCsv }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^subscribers-.*\.csv$/);
      const body = fs.readFileSync(await csv.path(), "utf8");
      expect(body.charCodeAt(0)).toBe(0xfeff);
      expect(body).toContain(email);
      await row.getByRole("button", { name: t.inbox.remove }).click();
      await page.getByTestId("confirm-button").click();
      await expect(row).toHaveCount(0);

      await page.goto("/admin-pages");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.pages.title);
      await expect(page.getByTestId("policy-refund").getByRole("row").nth(1)).toBeVisible();
      await page.getByRole("button", { name: t.pages.faq.add }).click();
      const dialog = page.getByTestId("faq-dialog");
      const question = {
        en: `Do you bake on Fridays? ${stamp}`,
        ar: `هل تخبزون يوم الجمعة؟ ${stamp}`,
      };
      await dialog.locator('input[name="question_en"]').fill(question.en);
      await dialog.locator('input[name="question_ar"]').fill(question.ar);
      await dialog.locator('textarea[name="answer_en"]').fill("Yes, every day.");
      await dialog.locator('textarea[name="answer_ar"]').fill("نعم، كل يوم.");
      await dialog.locator('button[type="submit"]').click();
      await expect(dialog).toBeHidden();

      await page.goto("/faq");
      await expect(
        page.getByTestId("faq").getByRole("button", { name: question[lang] }),
      ).toBeVisible();

      // Leave the FAQ as it was for the other tests.
      await page.goto("/admin-pages");
      await page
        .getByTestId("faq-table")
        .getByRole("button", { name: t.pages.deleteNamed.replace("{{name}}", question.en) })
        .click();
      await page.getByTestId("confirm-button").click();
      await expect(page.getByTestId("faq-table").getByText(stamp)).toHaveCount(0);
    });

    test("FAQ opens one item at a time; the open one closes on a second click", async ({
      page,
    }) => {
      await page.goto("/faq");
      await waitForHydration(page);
      const buttons = page.getByTestId("faq").getByRole("button");
      expect(await buttons.count()).toBeGreaterThan(2);
      const first = buttons.nth(0);
      const second = buttons.nth(1);
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await first.click();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "true");
      await expect(first).toHaveAttribute("aria-expanded", "false");
      await second.click();
      await expect(second).toHaveAttribute("aria-expanded", "false");
    });
  });
}
