import {
  ACCOUNT_DELETION_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
} from "../../../shared/domain/account-privacy.ts";
import type { Language } from "../../../shared/domain/language.ts";
import type {
  AccountDeletionCheck,
  AccountExport,
} from "../../../shared/schemas/account-privacy.ts";
import { registerMessages } from "../../components/form/messages.ts";
import { apiGet, apiPost, apiRequest } from "../../lib/api.ts";

// The account and verify-email pages show these server answers, translated in their own
// `account` namespace (both pages load it), so the shared `messages` catalogue does not grow.
registerMessages(EMAIL_VERIFICATION_MESSAGES, (id) => `account:emailVerification.${id}`);
registerMessages(ACCOUNT_DELETION_MESSAGES, (id) => `account:accountDeletion.${id}`);

/** Verification and privacy calls. Failures throw ApiError with the server's message. */

/** "Send again": 202, or 409 (already verified, or no e-mail in this shop), 429 (too many). */
export const sendVerification = (token: string, lang: Language, fallback: string) =>
  apiPost<{ message: string }>("/api/account/verification", { lang }, { token, fallback });

/** The e-mail's link: no session needed (it may be opened on another device). */
export const verifyEmail = (token: string, fallback: string) =>
  apiPost<{ data: { email_verified: true } }>("/api/auth/verify-email", { token }, { fallback });

/**
 * "Download my data": the export, saved as a JSON file named after its day. Through the one
 * API client (a bearer token cannot ride on a plain link), then handed to the browser as a file.
 */
export async function downloadMyData(token: string, fallback: string): Promise<void> {
  const data = await apiGet<AccountExport>("/api/account/export", { token, fallback });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `my-data-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The open orders that stop a deletion now (none: `allowed`), asked when the dialog opens. */
export const deletionCheck = async (token: string, fallback: string) =>
  (await apiGet<{ data: AccountDeletionCheck }>("/api/account/deletion", { token, fallback })).data;

/**
 * 204; a wrong password is a 422 on `password`, the last admin or owner a 422 with why, an
 * open order a 409 (the dialog then asks `deletionCheck` again and names them).
 */
export const deleteMyAccount = (token: string, password: string, fallback: string) =>
  apiRequest<void>("DELETE", "/api/account", { password }, { token, fallback });
