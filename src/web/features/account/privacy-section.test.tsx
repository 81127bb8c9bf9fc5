import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_DELETION_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
} from "../../../shared/domain/account-privacy.ts";
import arAccount from "../../i18n/locales/ar/account.json";
import enAccount from "../../i18n/locales/en/account.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { EmailVerificationPanel } from "./email-verification-panel.tsx";
import { PrivacySection } from "./privacy-section.tsx";

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
const answer = (status: number, body?: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );

describe.each([
  ["en", enAccount],
  ["ar", arAccount],
] as const)("the account's verification and privacy in %s", (lang, t) => {
  it("send again: posts the page's language and shows the server's answer translated", async () => {
    renderInShell(<EmailVerificationPanel verified={false} token="tok" />, { lang });
    expect(await screen.findByText(t.verification.unverified)).toBeTruthy();
    answer(202, { message: EMAIL_VERIFICATION_MESSAGES.SENT });
    await userEvent.click(screen.getByRole("button", { name: t.verification.sendAgain }));
    expect(await screen.findByText(t.emailVerification.SENT)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/account/verification");
    expect(init.headers.authorization).toBe("Bearer tok");
    expect(JSON.parse(init.body)).toEqual({ lang });

    answer(429, { message: EMAIL_VERIFICATION_MESSAGES.TOO_MANY });
    await userEvent.click(screen.getByRole("button", { name: t.verification.sendAgain }));
    expect(await screen.findByText(t.emailVerification.TOO_MANY)).toBeTruthy();
  });

  it("a verified address offers no link", async () => {
    renderInShell(<EmailVerificationPanel verified token="tok" />, { lang });
    expect(await screen.findByText(t.verification.verified)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("delete: the password in the confirm dialog, a wrong one explained, then done", async () => {
    const onDeleted = vi.fn();
    renderInShell(<PrivacySection token="tok" onDeleted={onDeleted} />, { lang });
    answer(200, { data: { allowed: true, open_orders: [] } });
    await userEvent.click(await screen.findByRole("button", { name: t.privacy.delete }));
    const dialog = await screen.findByTestId("confirm-dialog");
    const password = await within(dialog).findByLabelText(new RegExp(`^${t.privacy.password}`));
    await userEvent.type(password, "wrong-one");
    const wrong = ACCOUNT_DELETION_MESSAGES.PASSWORD_WRONG;
    answer(422, { message: wrong, errors: { password: [wrong] } });
    await userEvent.click(within(dialog).getByRole("button", { name: t.privacy.confirm }));
    expect(await within(dialog).findByText(t.accountDeletion.PASSWORD_WRONG)).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/account/deletion");
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/account");
    expect(init.method).toBe("DELETE");
    expect(JSON.parse(init.body)).toEqual({ password: "wrong-one" });

    await userEvent.clear(password);
    await userEvent.type(password, "right-one");
    answer(204);
    await userEvent.click(within(dialog).getByRole("button", { name: t.privacy.confirm }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalled());
  });

  it("delete with an open order: the dialog names it and how to cancel it, and offers no delete", async () => {
    const onDeleted = vi.fn();
    renderInShell(<PrivacySection token="tok" onDeleted={onDeleted} />, { lang });
    answer(200, {
      data: {
        allowed: false,
        open_orders: [{ number: "SW-10003", status: "pending", payment_status: "unpaid" }],
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: t.privacy.delete }));
    const dialog = await screen.findByTestId("confirm-dialog");
    const notice = await within(dialog).findByTestId("open-orders");
    expect(within(notice).getByText(t.privacy.openOrders)).toBeTruthy();
    expect(within(notice).getByRole("link", { name: "SW-10003" }).getAttribute("href")).toMatch(
      /\/order\/SW-10003$/,
    );
    expect(within(notice).getByText(t.privacy.openOrdersHow)).toBeTruthy();
    expect(within(notice).getByRole("link", { name: t.privacy.contact })).toBeTruthy();
    expect(within(dialog).getByText(t.privacy.confirmText)).toBeTruthy();
    // No password to type, and the delete button cannot be pressed.
    expect(within(dialog).queryByLabelText(new RegExp(`^${t.privacy.password}`))).toBeNull();
    expect(
      (within(dialog).getByRole("button", { name: t.privacy.confirm }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
