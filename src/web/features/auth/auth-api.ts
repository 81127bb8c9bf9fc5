import type { LoginInput, LoginResponse, RegisterInput } from "../../../shared/schemas/auth.ts";
import type {
  AdminLoginResponse,
  TwoFactorChallengeResponse,
  TwoFactorSignInInput,
} from "../../../shared/schemas/two-factor.ts";
import { apiPost } from "../../lib/api.ts";

/** Auth calls. Failures throw ApiError with the server's message (see `ApiError`). */
/** A token, or `{ two_factor_required, challenge }` for an account with two-factor on. */
export const login = (input: LoginInput, fallback: string) =>
  apiPost<LoginResponse | TwoFactorChallengeResponse>("/api/auth/login", input, { fallback });

export const register = (input: RegisterInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/register", input, { fallback });

/** A token, or `{ two_factor_required, challenge }` when a code must follow. */
export const adminLogin = (input: LoginInput, fallback: string) =>
  apiPost<AdminLoginResponse>("/api/auth/admin-login", input, { fallback });

/** The code step of an admin sign-in: a token. */
export const adminLoginCode = (input: TwoFactorSignInInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/admin-login/2fa", input, { fallback });

/** The code step of a customer sign-in of an account with two-factor on: a customer token. */
export const loginCode = (input: TwoFactorSignInInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/login/2fa", input, { fallback });

/** Ends the session on the server; a network failure still signs out here. */
export async function logout(token: string): Promise<void> {
  await apiPost("/api/auth/logout", undefined, { token }).catch(() => undefined);
}
