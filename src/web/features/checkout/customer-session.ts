import type { UserDto } from "../../../shared/schemas/auth.ts";
import { apiGet } from "../../lib/api.ts";

/**
 * Where a signed-in customer's bearer token is kept in local storage. The accounts screens
 * own the session; until they share a helper, checkout reads the same key they write.
 */
export const CUSTOMER_TOKEN_KEY = "customer_token";

export function readCustomerToken(): string | null {
  try {
    return localStorage.getItem(CUSTOMER_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/** The signed-in customer, or null for a guest (and for an expired or revoked token). */
export async function fetchAccount(token: string): Promise<UserDto | null> {
  try {
    const body = await apiGet<{ data: UserDto }>("/api/account", { token });
    return body.data;
  } catch {
    return null;
  }
}
