import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import arAccount from "../../i18n/locales/ar/account.json";
import arMessages from "../../i18n/locales/ar/messages.json";
import enAccount from "../../i18n/locales/en/account.json";
import enMessages from "../../i18n/locales/en/messages.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { AccountForm } from "./account-form.tsx";

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

const user = {
  id: 1,
  name: "Layla",
  email: "layla@example.com",
  is_admin: 0 as const,
  username: null,
  company: null,
  phone: null,
  country: null,
  location: null,
  email_verified: true,
};

describe.each([
  ["en", enAccount, enMessages],
  ["ar", arAccount, arMessages],
] as const)("the account form in %s", (lang, t, messages) => {
  it("asks for the current password only when the e-mail changes, and sends it then", async () => {
    renderInShell(<AccountForm user={user} token="tok" />, { lang });
    const email = await screen.findByLabelText(new RegExp(`^${t.account.email}`));
    expect(screen.queryByLabelText(new RegExp(`^${t.account.currentPassword}`))).toBeNull();
    // Another case of the same address is not a change.
    await userEvent.clear(email);
    await userEvent.type(email, "LAYLA@example.com");
    expect(screen.queryByLabelText(new RegExp(`^${t.account.currentPassword}`))).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, "new@example.com");
    expect(screen.getByText(t.account.currentPasswordHint)).toBeTruthy();
    answer(422, {
      message: AUTH_MESSAGES.CURRENT_PASSWORD_WRONG,
      errors: { current_password: [AUTH_MESSAGES.CURRENT_PASSWORD_WRONG] },
    });
    await userEvent.type(field(t.account.currentPassword), "not-it");
    await userEvent.click(screen.getByRole("button", { name: t.account.save }));
    expect(await screen.findByText(messages.currentWrong)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/account");
    expect(JSON.parse(init.body)).toMatchObject({
      email: "new@example.com",
      current_password: "not-it",
    });
  });

  it("other fields are saved without a password", async () => {
    renderInShell(<AccountForm user={user} token="tok" />, { lang });
    answer(200, { data: { ...user, company: "Sweets" } });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${t.account.company}`)),
      "Sweets",
    );
    await userEvent.click(screen.getByRole("button", { name: t.account.save }));
    expect(await screen.findByText(t.account.saved)).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).not.toHaveProperty("current_password");
  });
});
