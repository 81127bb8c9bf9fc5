import type { OrderDto } from "../../../shared/schemas/order.ts";
import { ApiError, apiGet } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";

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
  try {
    const body = await apiGet<{ data?: OrderDto }>(
      withQuery(`/api/orders/${encodeURIComponent(number)}`, { key }),
      { token, signal },
    );
    return body?.data ? { state: "loaded", order: body.data } : { state: "failed" };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // aborted
    // A bad number (400), a wrong key and someone else's order all read as "not found".
    if ([400, 401, 403, 404].includes(error.status)) return { state: "not_found" };
    return { state: "failed" };
  }
}
