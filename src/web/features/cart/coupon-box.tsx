import { useId, useState } from "react";
import { couponVerdict } from "../../../shared/domain/pricing.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { type AppliedCoupon, setAppliedCoupon } from "./applied-coupon.ts";
import { checkCoupon } from "./check-coupon.ts";

type Props = {
  applied: AppliedCoupon | null;
  standingPercent: number;
  /** Dollars: the server may use it to tell whether the code applies. */
  subtotal: number;
};

type Problem = "required" | "unknown" | "expired" | "used_up" | "failed";

const verdictKey = {
  applied: "coupon.applied",
  equal: "coupon.equal",
  smaller: "coupon.notBetter",
} as const;

/** The code must exist, be in date and have uses left; the larger percent wins. */
export function CouponBox({ applied, standingPercent, subtotal }: Props) {
  const { t } = useTranslation("cart");
  const inputId = useId();
  const messageId = useId();
  const [code, setCode] = useState("");
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function apply(event: React.FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setProblem("required");
      return;
    }
    setChecking(true);
    setProblem(null);
    const result = await checkCoupon(trimmed, subtotal);
    setChecking(false);
    if (result.ok) {
      setAppliedCoupon({ code: result.code, percent: result.percent, scope: result.scope });
      setCode("");
    } else {
      setProblem(result.reason);
    }
  }

  return (
    <div className="mt-5 border-t border-line pt-4">
      <form onSubmit={apply} noValidate className="space-y-2">
        <label htmlFor={inputId} className="block font-bold">
          {t("coupon.label")}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            name="code"
            className="field"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={messageId}
          />
          <button type="submit" className="btn btn-outline shrink-0" disabled={checking}>
            {checking ? t("coupon.checking") : t("coupon.apply")}
          </button>
        </div>
      </form>
      <div id={messageId} role="status" aria-live="polite" className="mt-2 text-sm">
        {problem ? (
          <p className="text-red-700" data-testid="coupon-problem">
            {t(`coupon.${problem}`)}
          </p>
        ) : applied ? (
          <p data-testid="coupon-applied" className="text-pistachio">
            {t(verdictKey[couponVerdict(standingPercent, applied.percent)], {
              code: applied.code,
              percent: applied.percent,
              standing: standingPercent,
            })}
            {applied.scope && applied.scope !== "all" ? (
              <span data-testid="coupon-scope"> {t(`coupon.scope.${applied.scope}`)}</span>
            ) : null}
          </p>
        ) : null}
      </div>
      {applied ? (
        <button
          type="button"
          className="mt-1 text-sm text-gold-dark underline"
          onClick={() => {
            setAppliedCoupon(null);
            setProblem(null);
          }}
        >
          {t("coupon.remove")}
        </button>
      ) : null}
    </div>
  );
}
