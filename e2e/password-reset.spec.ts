import type { Page } from "@playwright/test";
import {
  escapeRe,
  expect,
  linkIn,
  localeTexts,
  mailTo,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * Issue 25 in both languages: forgot → e-mail → reset → sign in. The e2e server sends its
 * e-mail to the mailbox beside it (scripts/mailbox.ts); nothing in the shop is opened for the
 * test: the link is the one the e-mail carries.
 */

/** A form field by the start of its label (required ones end with "(required)" for readers). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}`));

for (const lang of ["en", "ar"] as const) {
  test(`forgot → e-mail → reset → sign in (${lang})`, async ({ page, baseURL, consoleGuard }) => {
    test.setTimeout(60_000);
    const a = localeTexts(lang, "account");
    const m = localeTexts(lang, "messages");
    await useLanguage(page, lang, baseURL!);
    consoleGuard.allow(/status of 422/);

    const email = `reset-${lang}-${Date.now()}@example.com`;
    const registered = await page.request.post(`${baseURL}/api/auth/register`, {
      data: {
        name: "Layla",
        email,
        password: "old-secret-1",
        password_confirmation: "old-secret-1",
      },
    });
    expect(registered.status()).toBe(201);

    // From the admin sign-in as well as the customer's: both link to the same page.
    await page.goto(`${baseURL}/admin-login`);
    await expect(page.getByRole("link", { name: a.forgot.link })).toBeVisible();
    await page.goto(`${baseURL}/login`);
    await waitForHydration(page);
    await page.getByRole("link", { name: a.forgot.link }).click();
    // Links stay in the page's language (ADR 0028).
    const prefix = lang === "ar" ? "/ar" : "";
    await expect(page).toHaveURL(`${baseURL}${prefix}/forgot-password`);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { name: a.forgot.title })).toBeVisible();

    await field(page, a.forgot.email).fill(email);
    await page.getByRole("button", { name: a.forgot.submit }).click();
    await expect(page.locator("main").getByRole("status")).toHaveText(m.passwordReset.SENT);

    // The e-mail, in the page's language, carries the absolute link.
    const [mail] = await mailTo(email, { containing: "/reset-password?token=" });
    expect(mail!.text).toContain(lang === "ar" ? 'dir="rtl"' : 'dir="ltr"');
    const link = linkIn(mail!, "/reset-password?token=");
    expect(link).toMatch(new RegExp(`^${escapeRe(baseURL!)}(/ar)?/reset-password\\?token=`));

    await page.goto(link);
    await expect(page.getByRole("heading", { name: a.reset.title })).toBeVisible();
    // The shared schema's rule, in the reader's language, before any request.
    await field(page, a.reset.password).fill("new-secret-2");
    await field(page, a.reset.confirm).fill("something-else");
    await page.getByRole("button", { name: a.reset.submit }).click();
    await expect(page.getByText(m.passwordsDoNotMatch)).toBeVisible();
    await field(page, a.reset.confirm).fill("new-secret-2");
    await page.getByRole("button", { name: a.reset.submit }).click();
    await expect(page.locator("main").getByRole("status")).toContainText(m.passwordReset.DONE);

    await page.getByRole("link", { name: a.reset.signIn, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${prefix}/login`);
    await field(page, a.login.email).fill(email);
    await field(page, a.login.password).fill("new-secret-2");
    await page.getByRole("button", { name: a.login.submit, exact: true }).click();
    await expect(page.locator("main").getByRole("status")).toContainText(
      a.login.success.split("{{")[0],
    );

    // The link worked once.
    await page.goto(link);
    await field(page, a.reset.password).fill("third-secret-3");
    await field(page, a.reset.confirm).fill("third-secret-3");
    await page.getByRole("button", { name: a.reset.submit }).click();
    await expect(page.getByTestId("form-errors")).toHaveText(m.passwordReset.TOKEN_INVALID);
  });
}
