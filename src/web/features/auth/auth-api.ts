import type { LoginInput, LoginResponse, RegisterInput } from "../../../shared/schemas/auth.ts";
import { apiPost } from "../../lib/api.ts";

/** SPEC 7 auth calls. Failures throw ApiError with the server's message (SPEC 8 order). */
export const login = (input: LoginInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/login", input, { fallback });

export const register = (input: RegisterInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/register", input, { fallback });

export const adminLogin = (input: LoginInput, fallback: string) =>
  apiPost<LoginResponse>("/api/auth/admin-login", input, { fallback });

/** Ends the session on the server; a network failure still signs out here. */
export async function logout(token: string): Promise<void> {
  await apiPost("/api/auth/logout", undefined, { token }).catch(() => undefined);
}
