import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/schemas/auth.ts";
import arAccount from "../../i18n/locales/ar/account.json";
import arMessages from "../../i18n/locales/ar/messages.json";
import enAccount from "../../i18n/locales/en/account.json";
import enMessages from "../../i18n/locales/en/messages.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";

// The network is the one thing replaced; the API's own tests prove these answers.
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
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const TOKEN = "a".repeat(43);

describe.each([
  ["en", { ...enAccount, messages: enMessages }],
  ["ar", { ...arAccount, messages: arMessages }],
] as const)("password reset forms in %s", (lang, t) => {
  it("forgot: sends the e-mail with the page's language and shows the one answer", async () => {
    renderInShell(<ForgotPasswordForm />, { lang });
    answer(202, { message: PASSWORD_RESET_MESSAGES.SENT });
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.forgot.email}`)), "x@y.co");
    await userEvent.click(screen.getByRole("button", { name: t.forgot.submit }));
    expect(await screen.findByText(t.messages.passwordReset.SENT)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/forgot-password");
    expect(JSON.parse(init.body)).toEqual({ email: "x@y.co", lang });
  });

  it("reset: registration's rules before any request, then a dead link's message", async () => {
    const onReset = vi.fn();
    renderInShell(<ResetPasswordForm token={TOKEN} onReset={onReset} />, { lang });
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.reset.password}`)), "12345");
    await userEvent.click(screen.getByRole("button", { name: t.reset.submit }));
    expect(await screen.findByText(t.messages.passwordMin)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(field(t.reset.password));
    await userEvent.type(field(t.reset.password), "new-secret-2");
    await userEvent.type(field(t.reset.confirm), "new-secret-2");
    const invalid = PASSWORD_RESET_MESSAGES.TOKEN_INVALID;
    answer(422, { message: invalid, errors: { token: [invalid] } });
    await userEvent.click(screen.getByRole("button", { name: t.reset.submit }));
    expect(await screen.findByText(t.messages.passwordReset.TOKEN_INVALID)).toBeTruthy();
    expect(onReset).not.toHaveBeenCalled();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({
      token: TOKEN,
      password: "new-secret-2",
      password_confirmation: "new-secret-2",
    });

    answer(200, { data: { ok: true } });
    await userEvent.click(screen.getByRole("button", { name: t.reset.submit }));
    await vi.waitFor(() => expect(onReset).toHaveBeenCalled());
  });
});
