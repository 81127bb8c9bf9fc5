import { type Cents, formatMoney, type Lang } from "../../../shared/domain/money.ts";
import type { OrderTotals } from "../../../shared/domain/pricing.ts";
import { priceWithPromotions } from "../../../shared/domain/promotions.ts";
import type { CartPrice } from "../../../shared/schemas/promotions.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import type { AppliedCoupon } from "./applied-coupon.ts";

export type CartPricing = {
  /** The standing cart discount when it applies by itself (0 when the shop has none). */
  cartDiscountPercent: number;
  deliveryFeeCents: Cents;
  /**
   * Other automatic promotions exist: the page asks the server for the cart's price (only
   * it knows the catalogue's categories); without them the standing formula is exact.
   */
  automaticPromotions?: boolean;
  /** The owner extends the standing discount to kitchen dishes (default: sweets only). */
  dishDiscount?: boolean;
};

/**
 * The cart summary before the server's price arrives: the standing discount or a larger
 * coupon, never both, plus delivery, by the one pricing code the order is charged with. The
 * dishes (`dishCents` of the subtotal) take the standing discount only when the owner says so,
 * and a coupon as its scope says.
 */
export function cartSummaryTotals(
  subtotalCents: Cents,
  pricing: CartPricing,
  coupon: AppliedCoupon | null,
  giftWrapCents: Cents = 0,
  dishCents: Cents = 0,
): OrderTotals {
  const line = (lineTotalCents: Cents, dish: boolean) => ({
    productId: 0,
    categoryId: null,
    grams: 0,
    qty: 1,
    lineTotalCents,
    dish,
  });
  const totals = priceWithPromotions({
    lines: [line(subtotalCents - dishCents, false), line(dishCents, true)],
    promotions: [
      {
        id: 0,
        name: "",
        nameAr: "",
        startsOn: null,
        endsOn: null,
        rule: { kind: "cart_percent", percent: pricing.cartDiscountPercent },
      },
    ],
    // The standing rule has no dates: any day prices it the same.
    today: "",
    couponPercent: coupon?.percent ?? null,
    couponScope: coupon?.scope ?? "all",
    dishesDiscounted: pricing.dishDiscount ?? false,
    deliveryFeeCents: pricing.deliveryFeeCents,
    giftWrapCents,
  });
  return {
    subtotal: totals.subtotal,
    discountPercent: totals.discountPercent,
    discount: totals.discount,
    deliveryFee: totals.deliveryFee,
    giftWrap: totals.giftWrap,
    total: totals.total,
    discountSource: totals.discountSource,
  };
}

/**
 * The server's price of the cart (its promotions) as the summary's totals, with the gift
 * wrapping the server was not asked about added.
 */
export function totalsFromPrice(price: CartPrice, giftWrapCents: Cents = 0): OrderTotals {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return {
    subtotal: cents(price.subtotal),
    discountPercent: price.discount_percent,
    discount: cents(price.discount),
    deliveryFee: cents(price.delivery_fee),
    giftWrap: giftWrapCents,
    total: cents(price.total) + giftWrapCents,
    discountSource: price.discount_source,
  };
}

type Props = {
  totals: OrderTotals;
  coupon: AppliedCoupon | null;
  lang: Lang;
  /** The server's answer for this cart: the promotions that applied and the next one. */
  price?: CartPrice | null;
  /**
   * The gift cards bought, in cents: added after every discount (promotions and coupons price
   * the sweets only), as the order's total adds them.
   */
  giftCardsCents?: Cents;
  /** What a gift card code pays of the total, in cents (0 without one). */
  giftCardPaysCents?: Cents;
  children?: React.ReactNode;
};

/** The totals of a cart with no sweets: nothing to discount or deliver. */
export const NOTHING_TO_DELIVER: OrderTotals = {
  subtotal: 0,
  discountPercent: 0,
  discount: 0,
  deliveryFee: 0,
  giftWrap: 0,
  total: 0,
  discountSource: "none",
};

export function CartSummary({
  totals,
  coupon,
  lang,
  price = null,
  giftCardsCents = 0,
  giftCardPaysCents = 0,
  children,
}: Props) {
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
      : totals.discountSource === "standing" && totals.discountPercent === 0
        ? t("summary.discountPromotions")
        : t("summary.discount", { percent: totals.discountPercent });
  // Listed by name when more than a lone cart discount applied (that one is the label above).
  const promotions = price?.promotions ?? [];
  const listed = promotions.length > 1 || totals.discountPercent === 0 ? promotions : [];
  const total = totals.total + giftCardsCents;
  const pays = Math.min(giftCardPaysCents, total);
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
        {listed.length > 0 ? (
          <div className="text-sm text-muted" data-testid="summary-promotions">
            <dt className="sr-only">{t("summary.discountPromotions")}</dt>
            {listed.map((p) => (
              <dd key={p.id} className="flex justify-between gap-4 ps-3">
                <span>{lang === "ar" ? p.name_ar : p.name}</span>
                <span dir="ltr" className="tabular-nums">
                  {shown.discount(Math.round(p.amount * 100))}
                </span>
              </dd>
            ))}
          </div>
        ) : null}
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
        {giftCardsCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("summary.giftCards")}</dt>
            <dd data-testid="summary-gift-cards">{money(giftCardsCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-bold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="summary-total">{money(total)}</dd>
        </div>
        {pays > 0 ? (
          <>
            <div className="flex justify-between gap-4">
              <dt>{t("summary.giftCardPays")}</dt>
              <dd data-testid="summary-gift-card-pays">
                <span dir="ltr" className="tabular-nums">
                  {shown.discount(pays)}
                </span>
              </dd>
            </div>
            <div className="flex justify-between gap-4 font-bold">
              <dt>{t("summary.toPay")}</dt>
              <dd data-testid="summary-to-pay">{money(total - pays)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {shown.converted ? (
        // Wherever another currency shows, say the order is charged in USD (docs/decisions/0023).
        <p className="mt-3 rounded-md bg-cream p-2 text-sm" data-testid="charged-in-usd">
          <span className="font-bold">
            {common("currency.chargedInUsd")}{" "}
            <span dir="ltr" className="tabular-nums" data-testid="charged-total">
              {formatMoney(total, lang)}
            </span>
          </span>{" "}
          <span className="text-muted">
            {common("currency.approximate", { currency: shown.currency.code })}
          </span>
        </p>
      ) : null}
      {price?.next_promotion ? (
        <p
          className="mt-3 rounded-md bg-cream p-2 text-sm font-bold text-brown"
          data-testid="promotion-progress"
        >
          {t("summary.progress", {
            amount: formatMoney(Math.round(price.next_promotion.missing * 100), lang),
          })}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-muted">{t("summary.note")}</p>
      {children}
    </section>
  );
}
