import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { startSmtp } from "../src/server/test/smtp.ts";

/**
 * Issue 25 in both languages: forgot → e-mail → reset → sign in. The shared e2e server has no
 * SMTP (resets are then not offered), so this file starts the built app once more, with
 * SMTP_URL pointing at a real SMTP server on loopback that this test reads the e-mail from.
 * Nothing in the shop is opened for the test: the link is the one the e-mail carries.
 */

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const T = {
  en: { account: texts("en", "account"), messages: texts("en", "messages") },
  ar: { account: texts("ar", "account"), messages: texts("ar", "messages") },
};

// One shop and one mailbox for both languages.
test.describe.configure({ mode: "serial" });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let shop: ChildProcess;
let baseURL = "";
let dataDir = "";

/** A free loopback port: the reset link is absolute (PUBLIC_URL), so the port is known first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-e2e-reset-"));
  shop = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SHUTDOWN_DRAIN_MS: "0",
      LOG_LEVEL: "warn",
      RATE_LIMITS: "false",
      // No demo catalogue: accounts are all this test needs, and a first start is faster.
      SEED_DEMO: "false",
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("Shop ready at")) resolve();
    };
    shop.stdout!.on("data", onData);
    shop.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    shop.once("exit", (code) => reject(new Error(`shop exited (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (shop && shop.exitCode === null) {
    const exited = new Promise((resolve) => shop.once("exit", resolve));
    shop.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Fails on console errors and page errors (none are expected on this path). */
function guardConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A form field by the start of its label (required ones end with "(required)" for readers). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));

for (const lang of ["en", "ar"] as const) {
  test(`forgot → e-mail → reset → sign in (${lang})`, async ({ page }) => {
    const a = T[lang].account;
    const m = T[lang].messages;
    const problems = guardConsole(page);
    await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
    await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);

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
    await page.getByRole("link", { name: a.forgot.link }).click();
    await expect(page).toHaveURL(`${baseURL}/forgot-password`);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { name: a.forgot.title })).toBeVisible();

    await field(page, a.forgot.email).fill(email);
    await page.getByRole("button", { name: a.forgot.submit }).click();
    await expect(page.locator("main").getByRole("status")).toHaveText(m.passwordReset.SENT);

    // The e-mail, in the page's language, carries the absolute link.
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = smtp.received.find((item) => item.to.includes(email))!;
    expect(mail.text).toContain(lang === "ar" ? 'dir="rtl"' : 'dir="ltr"');
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
    expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

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
    await expect(page).toHaveURL(`${baseURL}/login`);
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

    // The browser's own line for the expected 422 is not a problem.
    expect(problems.filter((line) => !/status of 422/.test(line))).toEqual([]);
  });
}
