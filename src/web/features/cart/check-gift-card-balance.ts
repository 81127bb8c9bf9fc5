import { toCents } from "../../../shared/domain/money.ts";
import { ApiError, apiPost } from "../../lib/api.ts";

/** `POST /api/gift-cards/balance`: what a code still holds, in cents. */
export type GiftCardBalance =
  | { ok: true; cents: number }
  /** `refused`: the one answer for a wrong, void or empty code (its message); `failed`: no answer. */
  | { ok: false; reason: "refused" | "failed"; message: string };

export async function checkGiftCardBalance(code: string): Promise<GiftCardBalance> {
  try {
    const body = await apiPost<{ data?: { balance?: number } }>("/api/gift-cards/balance", {
      code,
    });
    if (typeof body?.data?.balance === "number")
      return { ok: true, cents: toCents(body.data.balance) };
    return { ok: false, reason: "failed", message: "" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422)
      return {
        ok: false,
        reason: "refused",
        message: typeof error.body?.message === "string" ? error.body.message : "",
      };
    return { ok: false, reason: "failed", message: "" };
  }
}
