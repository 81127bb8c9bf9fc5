import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TWO_FACTOR_MESSAGES as M } from "../../../shared/domain/two-factor-messages.ts";
import accountAr from "../../i18n/locales/ar/account.json";
import adminAr from "../../i18n/locales/ar/admin.json";
import twoFactorAr from "../../i18n/locales/ar/admin-two-factor.json";
import accountEn from "../../i18n/locales/en/account.json";
import adminEn from "../../i18n/locales/en/admin.json";
import twoFactorEn from "../../i18n/locales/en/admin-two-factor.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { SignInSteps } from "./sign-in-steps.tsx";

// The network is the one thing replaced: answers as the API's own tests prove it gives them.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));
const CHALLENGE = "c".repeat(43);

const TEXTS = {
  en: { account: accountEn, admin: adminEn, twoFactor: twoFactorEn },
  ar: { account: accountAr, admin: adminAr, twoFactor: twoFactorAr },
} as const;

describe.each([
  ["en", "customer"],
  ["ar", "customer"],
  ["en", "admin"],
  ["ar", "admin"],
] as const)("both sign-ins' steps (%s, %s)", (lang, kind) => {
  const t = TEXTS[lang];
  const form = kind === "admin" ? t.admin.login : t.account.login;

  it("password, then the code step; an expired code step comes back to a fresh password form saying why", async () => {
    const onSignedIn = vi.fn();
    renderInShell(
      <SignInSteps kind={kind} onSignedIn={onSignedIn} forgotPasswordHref="/forgot-password" />,
      { lang },
    );
    const forgot = await screen.findByRole("link", { name: t.account.forgot.link });
    expect(forgot.getAttribute("href")).toBe("/forgot-password");
    answer(200, { two_factor_required: true, challenge: CHALLENGE });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${form.email}`)),
      "owner@example.com",
    );
    await userEvent.type(screen.getByLabelText(new RegExp(`^${form.password}`)), "secret-pass");
    await userEvent.click(screen.getByRole("button", { name: form.submit }));
    expect(await screen.findByRole("heading", { name: t.twoFactor.step.title })).toBeTruthy();
    const [url] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(kind === "admin" ? "/api/auth/admin-login" : "/api/auth/login");

    answer(422, { message: M.CHALLENGE_INVALID, errors: { challenge: [M.CHALLENGE_INVALID] } });
    await userEvent.type(screen.getByLabelText(new RegExp(`^${t.twoFactor.step.code}`)), "123456");
    await userEvent.click(screen.getByRole("button", { name: t.twoFactor.step.submit }));
    expect(await screen.findByText(t.twoFactor.errors.CHALLENGE_INVALID)).toBeTruthy();
    expect((screen.getByLabelText(new RegExp(`^${form.email}`)) as HTMLInputElement).value).toBe(
      "",
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
