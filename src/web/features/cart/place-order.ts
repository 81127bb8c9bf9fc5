import type { OrderDto, PlaceOrderInput } from "../../../shared/schemas/order.ts";

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
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    "idempotency-key": idempotencyKey,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch("/api/orders", { method: "POST", headers, body: JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, message: "", messageAr: "", errors: {} };
  }
  const json = (await response.json().catch(() => null)) as {
    data?: OrderDto;
    message?: string;
    message_ar?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (response.ok && json?.data) return { ok: true, order: json.data };
  return {
    ok: false,
    status: response.status,
    message: typeof json?.message === "string" ? json.message : "",
    messageAr: typeof json?.message_ar === "string" ? json.message_ar : "",
    errors: json?.errors ?? {},
  };
}

/** The confirmation page's address: the private link for guests. */
export function orderHref(number: string, accessKey?: string): string {
  const path = `/order/${encodeURIComponent(number)}`;
  return accessKey ? `${path}?key=${encodeURIComponent(accessKey)}` : path;
}
