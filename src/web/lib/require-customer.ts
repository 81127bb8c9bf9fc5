import { redirect } from "react-router";
import type { UserDto } from "../../shared/schemas/auth.ts";
import { ApiError, apiGet } from "./api.ts";
import {
  type CustomerSession,
  clearCustomerSession,
  hasSignedInCookie,
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

/**
 * Server loader of a customer's page: a visitor whose browser has no signed-in mark is sent to
 * sign in by the server (302), with no placeholder first. With the mark the page goes out as
 * its placeholder, and `requireCustomer` in the `clientLoader` (which runs on hydration:
 * `clientLoader.hydrate`) checks the token itself.
 */
export function signedInMarkOrLogin(request: Request): null {
  if (!hasSignedInCookie(request.headers.get("cookie"))) throw redirect(loginRedirect(request));
  return null;
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
