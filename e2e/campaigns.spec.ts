import type { Page } from "@playwright/test";
import {
  escapeRe,
  expect,
  labelStarting as label,
  linkIn,
  localeTexts,
  mailTo,
  signInAsOwner,
  test,
  waitForHydration,
} from "./support.ts";

/**
 * The owner writes a newsletter campaign in both languages in the back office (English and
 * Arabic screens), previews it, sends it; a confirmed subscriber whose language is Arabic gets
 * it in Arabic in the mailbox beside the e2e server; its unsubscribe link works and the
 * campaign's unsubscribed count shows it. The send wakes the sender at once (default pace, 60
 * a minute, is far above what this run's few subscribers need), so nothing waits for a tick.
 */
/**
 * `useLanguage`, but the storage write is skipped where storage is refused: the init script also
 * runs in the preview's sandboxed frame, where reading localStorage throws an uncaught error.
 */
async function speak(page: Page, lang: "en" | "ar", baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => {
    try {
      localStorage.setItem("i18nextLng", value);
    } catch {
      // the sandboxed preview frame
    }
  }, lang);
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a campaign written in both languages reaches an Arabic subscriber, who unsubscribes`, async ({
    page,
    baseURL,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    // The preview frame is sandboxed (no scripts, no storage) on purpose: Chromium refuses any
    // init script inside it and says so.
    consoleGuard.allow(/about:srcdoc.*sandboxed|The document is sandboxed/);
    const c = localeTexts(lang, "admin-campaigns");
    const n = localeTexts("ar", "newsletter");
    const tag = `${lang}${Date.now().toString(36)}`;
    const email = `campaign-${tag}@example.com`;
    const subject = `Eid sweets ${tag}`;
    const subjectAr = `حلويات العيد ${tag}`;
    const paragraphAr = `معمول العيد طازج ${tag}`;

    // A subscriber in Arabic, confirmed through the link of the confirmation e-mail.
    expect((await request.post("/api/newsletter", { data: { email, lang: "ar" } })).status()).toBe(
      202,
    );
    const [confirmation] = await mailTo(email, { containing: "/newsletter/confirm?token=" });
    const token = new URL(linkIn(confirmation!, "/newsletter/confirm?token=")).searchParams.get(
      "token",
    );
    expect(
      (await request.post("/api/newsletter/confirm", { data: { token } })).status(),
    ).toBeLessThan(300);

    // The owner writes the campaign: the new form starts with a heading and a paragraph each.
    await speak(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-campaigns");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    await page.getByRole("button", { name: c.add }).click();
    const dialog = page.getByTestId("campaign-dialog");
    // Saving empty says what is missing, in the screen's language, and sends nothing.
    await dialog.getByRole("button", { name: c.save }).click();
    await expect(dialog.getByText(c.messages.SUBJECT_REQUIRED).first()).toBeVisible();

    await dialog.getByLabel(label(c.subject)).fill(subject);
    await dialog.getByLabel(label(c.subjectAr)).fill(subjectAr);
    const en = dialog.getByTestId("blocks-body");
    await en.getByLabel(c.headingText.replace("{{n}}", "1")).fill("Eid is coming");
    await en.getByLabel(c.paragraphText.replace("{{n}}", "2")).fill(`Fresh maamoul ${tag}`);
    const ar = dialog.getByTestId("blocks-body_ar");
    await ar.getByLabel(c.headingText.replace("{{n}}", "1")).fill("العيد قادم");
    await ar.getByLabel(c.paragraphText.replace("{{n}}", "2")).fill(paragraphAr);
    // A link block, added then moved above the paragraph.
    await ar.getByRole("button", { name: c.addBlock.link }).click();
    await ar.getByLabel(c.linkText.replace("{{n}}", "3")).fill("اطلب الآن");
    await ar.getByLabel(c.linkUrl.replace("{{n}}", "3")).fill("/shop");
    await ar
      .getByRole("button", {
        name: c.moveUp.replace("{{n}}", "3").replace("{{kind}}", c.blockTypes.link),
      })
      .click();
    await expect(ar.getByTestId("campaign-block").nth(1)).toContainText(c.blockTypes.link);
    await dialog.getByRole("button", { name: c.save }).click();
    await expect(dialog.getByTestId("campaign-status")).toHaveText(c.statuses.draft);

    // The preview in Arabic is the e-mail itself, right to left.
    await dialog.getByRole("button", { name: c.previewAr }).click();
    await expect(dialog.getByTestId("preview-subject")).toHaveText(subjectAr);
    const frame = dialog.frameLocator("iframe");
    await expect(frame.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(frame.getByText(paragraphAr)).toBeVisible();
    await dialog.getByRole("button", { name: c.previewEn }).click();
    await expect(dialog.getByTestId("preview-subject")).toHaveText(subject);

    await dialog.getByRole("button", { name: c.sendNow }).click();
    await page.getByTestId("confirm-dialog").getByTestId("confirm-button").click();
    await expect(dialog.getByTestId("campaign-status")).toHaveText(
      new RegExp(`^(${escapeRe(c.statuses.sending)}|${escapeRe(c.statuses.sent)})$`),
    );

    // The subscriber gets the Arabic version, with its own way out.
    const [mail] = await mailTo(email, { containing: paragraphAr });
    expect(mail!.text).toContain('dir="rtl"');
    expect(mail!.text).not.toContain(`Fresh maamoul ${tag}`);
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const unsubscribe = linkIn(mail!, "/ar/newsletter/unsubscribe?token=");
    await page.goto(unsubscribe);
    await waitForHydration(page);
    await page.getByRole("button", { name: n.unsubscribe.submit }).click();
    await expect(page.getByTestId("newsletter-done")).toHaveText(n.unsubscribe.done);

    // Back in the office, the campaign counts the one who left.
    await speak(page, lang, baseURL!);
    await page.goto("/admin-campaigns");
    await waitForHydration(page);
    await page
      .getByRole("button", {
        name: c.openNamed.replace("{{name}}", lang === "ar" ? subjectAr : subject),
      })
      .click();
    await expect(dialog.getByTestId("count-unsubscribed").locator("dd")).toHaveText("1");
    await expect(dialog.getByTestId("count-recipients").locator("dd")).not.toHaveText("0");
  });
}
