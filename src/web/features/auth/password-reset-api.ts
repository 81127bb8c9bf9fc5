import { PASSWORD_RESET_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import type { ForgotPasswordInput, ResetPasswordInput } from "../../../shared/schemas/auth.ts";
import { registerMessages } from "../../components/form/messages.ts";
import { apiPost } from "../../lib/api.ts";

// The forgot and reset pages show the server's answers, translated in `messages`.
registerMessages(PASSWORD_RESET_MESSAGES, (id) => `passwordReset.${id}`);

/**
 * Password reset calls. Failures throw ApiError with the server's message. Whether
 * resets are offered comes with the forgot page (its loader); `GET /api/auth/password-reset`
 * answers the same for API clients.
 */

/** 202 with the same message whether or not the address has an account. */
export const forgotPassword = (input: ForgotPasswordInput, fallback: string) =>
  apiPost<{ message: string }>("/api/auth/forgot-password", input, { fallback });

export const resetPassword = (input: ResetPasswordInput, fallback: string) =>
  apiPost<{ data: { ok: true } }>("/api/auth/reset-password", input, { fallback });
