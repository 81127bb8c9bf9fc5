import type { OrderDto } from "../../../shared/schemas/order.ts";

export type OrderLoad =
  | { state: "loading" }
  | { state: "not_found" }
  | { state: "failed" }
  | { state: "loaded"; order: OrderDto };

/** `GET /api/orders/:number`: the guest's private key or the owner's token; anyone else 404. */
export async function loadOrder(
  number: string,
  key: string | null,
  token: string | null,
  signal?: AbortSignal,
): Promise<OrderLoad> {
  const query = key ? `?key=${encodeURIComponent(key)}` : "";
  const headers: Record<string, string> = { accept: "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/orders/${encodeURIComponent(number)}${query}`, {
      headers,
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { state: "failed" };
  }
  // A bad number (400), a wrong key and someone else's order all read as "not found".
  if (
    response.status === 404 ||
    response.status === 400 ||
    response.status === 401 ||
    response.status === 403
  ) {
    return { state: "not_found" };
  }
  const body = (await response.json().catch(() => null)) as { data?: OrderDto } | null;
  if (!response.ok || !body?.data) return { state: "failed" };
  return { state: "loaded", order: body.data };
}
