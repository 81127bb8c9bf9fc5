import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import arAccount from "../../i18n/locales/ar/account.json";
import arMessages from "../../i18n/locales/ar/messages.json";
import enAccount from "../../i18n/locales/en/account.json";
import enMessages from "../../i18n/locales/en/messages.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { GoogleSignIn } from "./google-sign-in.tsx";
import { RegisterForm } from "./register-form.tsx";
import { SignInForm } from "./sign-in-form.tsx";

// The network is the one thing replaced: each test answers as the real API does (its own
// tests prove those answers).
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
const user = { id: 1, name: "Layla", email: "layla@example.com", is_admin: 0 };

describe.each([
  ["en", { ...enAccount, messages: enMessages }],
  ["ar", { ...arAccount, messages: arMessages }],
] as const)("sign-in form in %s", (lang, t) => {
  it("shows SPEC's rules in the reader's language and sends nothing", async () => {
    const onSignedIn = vi.fn();
    renderInShell(<SignInForm kind="customer" onSignedIn={onSignedIn} />, { lang });
    const submit = await screen.findByRole("button", { name: t.login.submit });
    await userEvent.click(submit);
    expect(await screen.findAllByText(t.messages.emailPasswordRequired)).toHaveLength(2);
    await userEvent.type(field(t.login.email), "layla@example.com");
    await userEvent.type(field(t.login.password), "12345");
    await userEvent.click(submit);
    expect(await screen.findByText(t.messages.passwordMin)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("sends trimmed values and hands the session on", async () => {
    const onSignedIn = vi.fn();
    renderInShell(<SignInForm kind="customer" onSignedIn={onSignedIn} />, { lang });
    answer(200, { token: "tok", token_type: "Bearer", expires_at: "", user });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${t.login.email}`)),
      "  layla@example.com ",
    );
    await userEvent.type(field(t.login.password), " secret1 ");
    await userEvent.click(screen.getByRole("button", { name: t.login.submit }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/login");
    expect(JSON.parse(init.body)).toEqual({ email: "layla@example.com", password: "secret1" });
  });

  it("an account with two-factor on: the password step hands on its challenge, no session", async () => {
    const onSignedIn = vi.fn();
    const onTwoFactor = vi.fn();
    renderInShell(
      <SignInForm kind="customer" onSignedIn={onSignedIn} onTwoFactor={onTwoFactor} />,
      { lang },
    );
    answer(200, { two_factor_required: true, challenge: "c".repeat(43) });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${t.login.email}`)),
      "owner@example.com",
    );
    await userEvent.type(field(t.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: t.login.submit }));
    await vi.waitFor(() => expect(onTwoFactor).toHaveBeenCalledWith("c".repeat(43)));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("shows the server's message, translated; 'Login failed' when there is none", async () => {
    renderInShell(<SignInForm kind="customer" onSignedIn={vi.fn()} />, { lang });
    answer(401, { message: "These credentials do not match our records." });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${t.login.email}`)),
      "a@example.com",
    );
    await userEvent.type(field(t.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: t.login.submit }));
    expect((await screen.findByRole("alert")).textContent).toBe(t.messages.invalidCredentials);
    answer(500, {});
    await userEvent.click(screen.getByRole("button", { name: t.login.submit }));
    await vi.waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(t.messages.loginFailed),
    );
  });

  it("the admin entry shows SPEC's refusal for a customer", async () => {
    renderInShell(<SignInForm kind="admin" onSignedIn={vi.fn()} />, { lang });
    answer(403, { message: "You are not authorized to access the admin dashboard." });
    await userEvent.type(
      await screen.findByLabelText(new RegExp(`^${t.login.email}`)),
      "a@example.com",
    );
    await userEvent.type(field(t.login.password), "secret1");
    await userEvent.click(screen.getByRole("button", { name: /.+/ }));
    expect((await screen.findByRole("alert")).textContent).toBe(t.messages.adminNotAuthorized);
  });

  it("register: name required, passwords must match, a taken e-mail lands on the field", async () => {
    renderInShell(<RegisterForm onRegistered={vi.fn()} />, { lang });
    const submit = await screen.findByRole("button", { name: t.register.submit });
    await userEvent.type(field(t.register.email), "taken@example.com");
    await userEvent.type(field(t.register.password), "secret1");
    await userEvent.type(field(t.register.confirm), "secret2");
    await userEvent.click(submit);
    expect(await screen.findByText(t.messages.nameRequired)).toBeTruthy();
    expect(screen.getByText(t.messages.passwordsDoNotMatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(field(t.register.name), "Sami");
    await userEvent.clear(field(t.register.confirm));
    await userEvent.type(field(t.register.confirm), "secret1");
    answer(422, {
      message: "This email address is already registered.",
      errors: { email: ["This email address is already registered."] },
    });
    await userEvent.click(submit);
    expect(await screen.findByText(t.messages.emailTaken)).toBeTruthy();
    expect(field(t.register.email).getAttribute("aria-invalid")).toBe("true");
  });

  it("'Continue with Google' only when Google sign-in is configured", async () => {
    const { unmount } = renderInShell(
      <>
        <h1>page</h1>
        <GoogleSignIn />
      </>,
      { lang },
    );
    await screen.findByRole("heading", { name: "page" });
    expect(screen.queryByRole("link", { name: t.google.continue })).toBeNull();
    unmount();
    renderInShell(<GoogleSignIn />, {
      lang,
      root: { googleSignIn: true },
      path: "/login?redirect=/orders",
    });
    const link = await screen.findByRole("link", { name: t.google.continue });
    expect(link.getAttribute("href")).toBe("/api/auth/google?redirect=%2Forders");
  });
});
