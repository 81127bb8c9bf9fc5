import { redirect } from "react-router";
import type { UserDto } from "../../shared/schemas/auth.ts";
import { ApiError, apiGet } from "./api.ts";
import {
  type CustomerSession,
  clearCustomerSession,
  loginRedirect,
  readCustomerSession,
  updateCustomerUser,
} from "./customer-session.ts";

/** clientLoader guard: a signed-out visitor goes to /login?redirect=… and comes back after. */
export function requireCustomer(request: Request): CustomerSession {
  const session = readCustomerSession();
  if (!session) throw redirect(loginRedirect(request));
  return session;
}

/** A 401 means the token expired or was revoked elsewhere: forget it and sign in again. */
export function signedOutRedirect(error: unknown, request: Request): void {
  if (error instanceof ApiError && error.status === 401) {
    clearCustomerSession();
    throw redirect(loginRedirect(request));
  }
}

/** The account as the server has it now (and the header's copy refreshed with it). */
export async function loadAccount(session: CustomerSession, request: Request): Promise<UserDto> {
  try {
    const { data } = await apiGet<{ data: UserDto }>("/api/account", {
      token: session.token,
      signal: request.signal,
    });
    updateCustomerUser(data);
    return data;
  } catch (error) {
    signedOutRedirect(error, request);
    throw error;
  }
}
