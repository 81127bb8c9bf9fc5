import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TWO_FACTOR_MESSAGES as M } from "../../../shared/domain/two-factor-messages.ts";
import ar from "../../i18n/locales/ar/admin-two-factor.json";
import en from "../../i18n/locales/en/admin-two-factor.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";

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
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const CHALLENGE = "c".repeat(43);
const signedIn = {
  token: "tok",
  token_type: "Bearer",
  expires_at: "",
  user: { id: 1, name: "Owner", email: "owner@example.com", is_admin: 1 },
};

describe.each([
  ["en", en],
  ["ar", ar],
] as const)("the admin sign-in's code step in %s", (lang, t) => {
  const render = (props: Partial<Parameters<typeof TwoFactorStep>[0]> = {}) =>
    renderInShell(
      <TwoFactorStep
        challenge={CHALLENGE}
        onSignedIn={props.onSignedIn ?? vi.fn()}
        onRestart={props.onRestart ?? vi.fn()}
      />,
      { lang },
    );

  it("a keypad field filled from the phone; an empty code is refused before any request", async () => {
    render();
    expect(await screen.findByRole("heading", { name: t.step.title })).toBeTruthy();
    const code = field(t.step.code);
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(code.getAttribute("inputmode")).toBe("numeric");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    expect(await screen.findByText(t.errors.CODE_REQUIRED)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a wrong code says so in the page's language; the right one hands the session on", async () => {
    const onSignedIn = vi.fn();
    render({ onSignedIn });
    answer(422, { message: M.CODE_INVALID, errors: { code: [M.CODE_INVALID] } });
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.step.code}`)), "000000");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    expect(await screen.findByText(t.errors.CODE_INVALID)).toBeTruthy();
    answer(200, signedIn);
    await userEvent.clear(field(t.step.code));
    await userEvent.type(field(t.step.code), "123456");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/auth/admin-login/2fa");
    expect(JSON.parse(init.body)).toEqual({ challenge: CHALLENGE, code: "123456" });
  });

  it("'use a recovery code' asks for one of the ten instead", async () => {
    const onSignedIn = vi.fn();
    render({ onSignedIn });
    await userEvent.click(await screen.findByRole("button", { name: t.step.useRecovery }));
    expect(screen.getByText(t.step.introRecovery)).toBeTruthy();
    const code = field(t.step.recoveryCode);
    expect(code.getAttribute("inputmode")).toBeNull();
    answer(200, signedIn);
    await userEvent.type(code, "abcde-fghjk");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body).code).toBe("abcde-fghjk");
    await userEvent.click(screen.getByRole("button", { name: t.step.useApp }));
    expect(field(t.step.code)).toBeTruthy();
  });

  it("an expired sign-in goes back to the password, saying why", async () => {
    const onRestart = vi.fn();
    render({ onRestart });
    answer(422, { message: M.CHALLENGE_INVALID, errors: { challenge: [M.CHALLENGE_INVALID] } });
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.step.code}`)), "123456");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    await vi.waitFor(() => expect(onRestart).toHaveBeenCalledWith(M.CHALLENGE_INVALID));
  });

  it("too many wrong codes on the account: back to the password, saying why", async () => {
    const onRestart = vi.fn();
    render({ onRestart });
    const wait = "Too many sign-in attempts. Please wait a minute and try again.";
    answer(429, { message: wait });
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.step.code}`)), "123456");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    await vi.waitFor(() => expect(onRestart).toHaveBeenCalledWith(wait));
  });

  it("after the shop's own sign-in the code goes to its code step, for a customer session", async () => {
    const onSignedIn = vi.fn();
    renderInShell(
      <TwoFactorStep
        kind="customer"
        challenge={CHALLENGE}
        onSignedIn={onSignedIn}
        onRestart={vi.fn()}
      />,
      { lang },
    );
    answer(200, signedIn);
    await userEvent.type(await screen.findByLabelText(new RegExp(`^${t.step.code}`)), "123456");
    await userEvent.click(screen.getByRole("button", { name: t.step.submit }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(signedIn));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/auth/login/2fa");
  });
});
