import { type Cents, formatMoney, type Lang } from "../../../shared/domain/money.ts";
import { type OrderTotals, orderTotals } from "../../../shared/domain/pricing.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import type { AppliedCoupon } from "./applied-coupon.ts";

export type CartPricing = { cartDiscountPercent: number; deliveryFeeCents: Cents };

/** The cart summary: the standing discount or a larger coupon, never both, plus delivery. */
export function cartSummaryTotals(
  subtotalCents: Cents,
  pricing: CartPricing,
  coupon: AppliedCoupon | null,
  giftWrapCents: Cents = 0,
): OrderTotals {
  return orderTotals({
    subtotalCents,
    standingDiscountPercent: pricing.cartDiscountPercent,
    couponPercent: coupon?.percent ?? null,
    deliveryFeeCents: pricing.deliveryFeeCents,
    giftWrapCents,
  });
}

type Props = {
  totals: OrderTotals;
  coupon: AppliedCoupon | null;
  lang: Lang;
  children?: React.ReactNode;
};

export function CartSummary({ totals, coupon, lang, children }: Props) {
  const { t } = useTranslation("cart");
  const { t: common } = useTranslation();
  const shown = useMoney(lang);
  const money = (cents: Cents) => (
    <span dir="ltr" className="tabular-nums">
      {shown(cents)}
    </span>
  );
  const discountLabel =
    totals.discountSource === "coupon" && coupon
      ? t("summary.discountCoupon", { percent: totals.discountPercent, code: coupon.code })
      : t("summary.discount", { percent: totals.discountPercent });
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-xl border border-line bg-white p-5"
    >
      <h2 id="cart-summary-title" className="text-xl font-bold text-brown">
        {t("summary.title")}
      </h2>
      <dl className="mt-4 space-y-2" data-testid="cart-summary">
        <div className="flex justify-between gap-4">
          <dt>{t("summary.subtotal")}</dt>
          <dd data-testid="summary-subtotal">{money(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{discountLabel}</dt>
          <dd data-testid="summary-discount">
            {totals.discount > 0 ? (
              <span dir="ltr" className="tabular-nums">
                {shown.discount(totals.discount)}
              </span>
            ) : (
              money(0)
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("summary.deliveryFee")}</dt>
          <dd data-testid="summary-delivery">{money(totals.deliveryFee)}</dd>
        </div>
        {totals.giftWrap > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("summary.giftWrap")}</dt>
            <dd data-testid="summary-gift-wrap">{money(totals.giftWrap)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="summary-total">{money(totals.total)}</dd>
        </div>
      </dl>
      {shown.converted ? (
        // Wherever another currency shows, say the order is charged in USD (docs/decisions/0023).
        <p className="mt-3 rounded-md bg-cream p-2 text-sm" data-testid="charged-in-usd">
          <span className="font-bold">
            {common("currency.chargedInUsd")}{" "}
            <span dir="ltr" className="tabular-nums" data-testid="charged-total">
              {formatMoney(totals.total, lang)}
            </span>
          </span>{" "}
          <span className="text-muted">
            {common("currency.approximate", { currency: shown.currency.code })}
          </span>
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted">{t("summary.note")}</p>
      {children}
    </section>
  );
}
