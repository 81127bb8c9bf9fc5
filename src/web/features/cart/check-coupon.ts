import type { CouponScope } from "../../../shared/domain/pricing.ts";
import { ApiError, apiPost } from "../../lib/api.ts";

/** `POST /api/coupons/check`: whether a promotion code can be used now. */
export type CouponCheck =
  | { ok: true; code: string; percent: number; scope: CouponScope }
  | { ok: false; reason: "unknown" | "expired" | "used_up" | "failed" };

export async function checkCoupon(code: string, subtotal: number): Promise<CouponCheck> {
  try {
    const body = await apiPost<{
      data?: { code?: string; discount_percent?: number; applies_to?: CouponScope };
    }>("/api/coupons/check", { code, subtotal });
    if (body?.data && typeof body.data.discount_percent === "number") {
      return {
        ok: true,
        code: body.data.code ?? code,
        percent: body.data.discount_percent,
        scope: body.data.applies_to ?? "all",
      };
    }
    return { ok: false, reason: "failed" };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, reason: "failed" };
    const reason = error.body?.reason;
    if (reason === "unknown" || reason === "expired" || reason === "used_up") {
      return { ok: false, reason };
    }
    // A 422 without a reason is still a code that cannot be used; other failures may pass.
    return { ok: false, reason: error.status === 422 ? "unknown" : "failed" };
  }
}
