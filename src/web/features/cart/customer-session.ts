import type { UserDto } from "../../../shared/schemas/auth.ts";
import { apiGet } from "../../lib/api.ts";
import { readCustomerSession } from "../../lib/customer-session.ts";

/** The signed-in customer's bearer token (kept by the accounts screens), or null for a guest. */
export function readCustomerToken(): string | null {
  return readCustomerSession()?.token ?? null;
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
