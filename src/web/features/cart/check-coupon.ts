/** `POST /api/coupons/check`: whether a promotion code can be used now. */
export type CouponCheck =
  | { ok: true; code: string; percent: number }
  | { ok: false; reason: "unknown" | "expired" | "used_up" | "failed" };

export async function checkCoupon(code: string, subtotal: number): Promise<CouponCheck> {
  let response: Response;
  try {
    response = await fetch("/api/coupons/check", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ code, subtotal }),
    });
  } catch {
    return { ok: false, reason: "failed" };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: { code?: string; discount_percent?: number };
    reason?: string;
  } | null;
  if (response.ok && body?.data && typeof body.data.discount_percent === "number") {
    return { ok: true, code: body.data.code ?? code, percent: body.data.discount_percent };
  }
  const reason = body?.reason;
  if (reason === "unknown" || reason === "expired" || reason === "used_up") {
    return { ok: false, reason };
  }
  // A 422 without a reason is still a code that cannot be used; other failures may pass.
  return { ok: false, reason: response.status === 422 ? "unknown" : "failed" };
}
