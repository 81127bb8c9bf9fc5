import type { Page } from "@playwright/test";
import { TOTP_PERIOD_SECONDS, totpCodeAt } from "../src/shared/domain/two-factor.ts";
import {
  expect,
  type Lang,
  labelStarting as label,
  localeTexts,
  signInAsOwner,
  submitAdminSignIn,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * Issue 27: an owner turns on two-factor sign-in from "My account" (QR code and key; the
 * test is the authenticator app, computing codes from the key it reads on the page), saves
 * the recovery codes, signs in with a code and with a recovery code, and turns it off with
 * the password and a recovery code. A new owner each time: the e2e owner other specs sign in
 * as keeps signing in with the password alone.
 */
for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  const admin = localeTexts(lang, "admin");
  const tf = localeTexts(lang, "admin-two-factor");

  async function signInWithPassword(page: Page, email: string, password: string) {
    await page.goto("/admin-login");
    await waitForHydration(page);
    await submitAdminSignIn(page, lang, { email, password });
  }

  test(`${lang}: an owner turns on two-factor sign-in and signs in with a code`, async ({
    page,
    baseURL,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    // The wrong codes below are 422 answers, which the browser reports on its console.
    consoleGuard.allow(/status of 422/);
    const tag = `${lang}${Date.now().toString(36)}`;
    const owner = { name: `Owner ${tag}`, email: `owner.${tag}@example.com` };
    const password = "owner-secret-2fa";

    // The e2e owner adds a second owner, who is the one to turn it on.
    await useLanguage(page, lang, baseURL ?? "");
    await signInAsOwner(page, lang);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const created = await page.request.post("/api/admin/admins", {
      headers: { authorization: `Bearer ${token}` },
      data: { ...owner, password, password_confirmation: password, roles: ["owner"] },
    });
    expect(created.status()).toBe(201);
    await page.goto("/admin-logout");
    await page.waitForURL(/\/admin-login/);
    await signInWithPassword(page, owner.email, password);
    await page.waitForURL(/\/admin-dashboard$/);

    // My account: off; turn on shows the QR code and the key to type.
    await page
      .getByRole("navigation", { name: admin.menu.label })
      .getByRole("link", { name: tf.menu })
      .click();
    await page.waitForURL(/\/admin-account$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tf.pageTitle);
    await expect(page.getByTestId("two-factor-status")).toHaveText(
      tf.status.replace("{{status}}", tf.statusOff),
    );
    await page.getByRole("button", { name: tf.turnOn }).click();
    await expect(page.getByRole("img", { name: tf.qrAlt })).toBeVisible();
    const shown = await page.getByTestId("two-factor-secret").textContent();
    const secret = (shown ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused in the page's language; the app's code turns it on.
    const codeField = page.getByLabel(label(tf.confirmCode));
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    const now = totpCodeAt(secret, Date.now());
    await codeField.fill(now === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: tf.confirm, exact: true }).click();
    await expect(page.getByText(tf.errors.CODE_INVALID)).toBeVisible();
    const enabledAt = Date.now();
    await codeField.fill(totpCodeAt(secret, enabledAt));
    await page.getByRole("button", { name: tf.confirm, exact: true }).click();

    // Ten recovery codes, shown once, with copy and download.
    const saved = page.getByTestId("two-factor-recovery-codes");
    await expect(saved.getByRole("heading", { name: tf.codesTitle })).toBeVisible();
    const codes = await saved.getByRole("listitem").allTextContents();
    expect(codes).toHaveLength(10);
    await expect(saved.getByRole("button", { name: tf.copy })).toBeVisible();
    const download = page.waitForEvent("download");
    await saved.getByRole("button", { name: tf.download }).click();
    expect((await download).suggestedFilename()).toBe("recovery-codes.txt");
    await saved.getByRole("button", { name: tf.done }).click();
    await expect(page.getByTestId("two-factor-status")).toHaveText(
      tf.status.replace("{{status}}", tf.statusOn),
    );

    // Signing in now asks for the code after the password. The code the set-up used is
    // spent, so the app's next one (within the one-step window) is the one to type.
    await page.goto("/admin-logout");
    await page.waitForURL(/\/admin-login/);
    await signInWithPassword(page, owner.email, password);
    const step = page.getByTestId("admin-two-factor-form");
    await expect(step.getByRole("heading", { name: tf.step.title })).toBeVisible();
    const loginCode = step.getByLabel(label(tf.step.code));
    await expect(loginCode).toHaveAttribute("autocomplete", "one-time-code");
    await expect(loginCode).toHaveAttribute("inputmode", "numeric");
    await loginCode.fill(totpCodeAt(secret, enabledAt + TOTP_PERIOD_SECONDS * 1000));
    await step.getByRole("button", { name: tf.step.submit, exact: true }).click();
    await page.waitForURL(/\/admin-dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();

    // ...or a recovery code, behind "use a recovery code".
    await page.goto("/admin-logout");
    await page.waitForURL(/\/admin-login/);
    await signInWithPassword(page, owner.email, password);
    await step.getByRole("button", { name: tf.step.useRecovery }).click();
    await step.getByLabel(label(tf.step.recoveryCode)).fill(codes[0]!);
    await step.getByRole("button", { name: tf.step.submit, exact: true }).click();
    await page.waitForURL(/\/admin-dashboard$/);

    // The shop's own sign-in of the same account asks for the code too, in the page's
    // language, and only then signs in (a customer session of this account).
    const account = localeTexts(lang, "account");
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel(label(account.login.email)).fill(owner.email);
    await page.getByLabel(label(account.login.password)).fill(password);
    await page.getByRole("button", { name: account.login.submit, exact: true }).click();
    const shopStep = page.getByTestId("customer-two-factor-form");
    await expect(shopStep.getByRole("heading", { name: tf.step.title })).toBeVisible();
    await shopStep.getByRole("button", { name: tf.step.useRecovery }).click();
    await shopStep.getByLabel(label(tf.step.recoveryCode)).fill(codes[2]!);
    await shopStep.getByRole("button", { name: tf.step.submit, exact: true }).click();
    await expect(page.getByTestId("customer-name")).toHaveText(owner.name);

    // Turning it off takes the password and a code (a recovery code here).
    await page.goto("/admin-account");
    await waitForHydration(page);
    const off = page.getByTestId("two-factor-disable-form");
    await off.getByLabel(label(tf.password)).fill(password);
    await off.getByLabel(label(tf.code)).fill(codes[0]!);
    await off.getByRole("button", { name: tf.turnOffButton }).click();
    // The used recovery code does not work twice.
    await expect(off.getByText(tf.errors.CODE_INVALID)).toBeVisible();
    await off.getByLabel(label(tf.code)).fill(codes[1]!);
    await off.getByRole("button", { name: tf.turnOffButton }).click();
    await expect(page.getByTestId("two-factor-status")).toHaveText(
      tf.status.replace("{{status}}", tf.statusOff),
    );
  });
}
