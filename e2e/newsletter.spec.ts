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
 * Issue 25 in both languages: the footer's subscribe → the confirmation e-mail (in the page's
 * language) → confirm → the e-mail's one-click unsubscribe link → unsubscribed, and a used link
 * says so. The e2e server sends to the mailbox beside it (scripts/mailbox.ts).
 */

/** The first absolute link to a page (never `/api/…`) in an e-mail's text. */
function pageLink(text: string, path: string): string {
  const all = text.match(new RegExp(`https?://[^\\s"<>]+${escapeRe(path)}[\\w-]+`, "g")) ?? [];
  const found = all.find((url) => !new URL(url).pathname.startsWith("/api/"));
  if (!found) throw new Error(`no ${path} page link in: ${text.slice(0, 400)}`);
  return found;
}

for (const lang of ["en", "ar"] as const) {
  test(`subscribe → confirm by e-mail → unsubscribe (${lang})`, async ({
    page,
    baseURL,
    consoleGuard,
  }) => {
    test.setTimeout(60_000);
    const footer = localeTexts(lang, "footer");
    const n = localeTexts(lang, "newsletter");
    const prefix = lang === "ar" ? "/ar" : "";
    await useLanguage(page, lang, baseURL!);
    // The used link at the end is a 422 the page shows in its own words.
    consoleGuard.allow(/status of 422/);

    await page.goto(`${baseURL}${prefix}/`);
    await waitForHydration(page);
    const foot = page.getByRole("contentinfo");
    const email = `confirm-${lang}-${Date.now()}@example.com`;
    await foot.getByLabel(footer.emailLabel).fill(email);
    await foot.getByRole("button", { name: footer.subscribe }).click();
    await expect(foot.getByTestId("subscribe-status")).toHaveText(footer.subscribed);

    const [mail] = await mailTo(email, { containing: "/newsletter/confirm?token=" });
    expect(mail!.text).toContain(lang === "ar" ? 'dir="rtl"' : 'dir="ltr"');
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // Opening the link changes nothing; the button does.
    const confirm = pageLink(mail!.text, "/newsletter/confirm?token=");
    expect(confirm.startsWith(`${baseURL}${prefix}/newsletter/confirm?token=`)).toBe(true);
    await page.goto(confirm);
    await expect(page.getByRole("heading", { level: 1, name: n.confirm.title })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await waitForHydration(page);
    await page.getByRole("button", { name: n.confirm.submit }).click();
    await expect(page.getByTestId("newsletter-done")).toHaveText(n.confirm.done);

    // The page's link from the body, not the List-Unsubscribe header's (the API's, for POST).
    const unsubscribe = pageLink(mail!.text, "/newsletter/unsubscribe?token=");
    expect(linkIn(mail!, "/api/newsletter/unsubscribe?token=")).toContain(
      unsubscribe.split("token=")[1]!,
    );
    await page.goto(unsubscribe);
    await expect(page.getByRole("heading", { level: 1, name: n.unsubscribe.title })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: n.unsubscribe.submit }).click();
    await expect(page.getByTestId("newsletter-done")).toHaveText(n.unsubscribe.done);

    // The same link again: it was used, and the page says there is nothing left to do.
    await page.goto(unsubscribe);
    await waitForHydration(page);
    await page.getByRole("button", { name: n.unsubscribe.submit }).click();
    await expect(page.getByTestId("form-errors")).toHaveText(n.errors.TOKEN_INVALID);
    await expect(page.getByText(n.usedHint)).toBeVisible();
    await expect(page.getByRole("button", { name: n.unsubscribe.submit })).toHaveCount(0);
  });
}
