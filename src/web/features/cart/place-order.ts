import type { OrderDto, PlaceOrderInput } from "../../../shared/schemas/order.ts";
import { ApiError, apiPost } from "../../lib/api.ts";

export type PlaceOrderResult =
  | { ok: true; order: OrderDto }
  | {
      ok: false;
      status: number;
      message: string;
      /** A business rule's refusal (shipping, stock, coupon) also comes worded in Arabic. */
      messageAr: string;
      errors: Record<string, string[]>;
    };

/**
 * `POST /api/orders`. The same Idempotency-Key on a retry or a double click gives back the
 * same order, so the caller keeps one key per attempt. Status 0 is a network failure.
 */
export async function placeOrder(
  body: PlaceOrderInput,
  idempotencyKey: string,
  token: string | null,
): Promise<PlaceOrderResult> {
  try {
    const json = await apiPost<{ data?: OrderDto }>("/api/orders", body, {
      token,
      headers: { "idempotency-key": idempotencyKey },
    });
    if (json?.data) return { ok: true, order: json.data };
    return { ok: false, status: 500, message: "", messageAr: "", errors: {} };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const messageAr = error.body?.message_ar;
    return {
      ok: false,
      status: error.status,
      // The raw server message (not the fallback text): the form picks its own text.
      message: typeof error.body?.message === "string" ? error.body.message : "",
      messageAr: typeof messageAr === "string" ? messageAr : "",
      errors: error.errors,
    };
  }
}
