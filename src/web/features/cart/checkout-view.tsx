import { useState } from "react";
import { Link } from "react-router";
import { dishIdOf, keyOfLine } from "../../../shared/domain/cart.ts";
import { toCents } from "../../../shared/domain/money.ts";
import type { PaymentMethod } from "../../../shared/domain/payments.ts";
import { Quantity } from "../../components/ui/bidi.tsx";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { WholesaleMark } from "../trader/trader-prices.tsx";
import { useAppliedCoupon } from "./applied-coupon.ts";
import { useCart } from "./cart-store.ts";
import {
  type CartPricing,
  CartSummary,
  cartSummaryTotals,
  NOTHING_TO_DELIVER,
  totalsFromPrice,
} from "./cart-summary.tsx";
import { CheckoutForm } from "./checkout-form.tsx";
import { sendDayText } from "./gift-card-line-item.tsx";
import { giftCardsCents } from "./gift-card-lines.ts";
import { apiLines, gramsOf, lineName, sweetsLines } from "./line-details.ts";
import { useCartPrice } from "./price-cart.ts";
import { useTraderCart } from "./trader-cart.ts";

/** Checkout: the shopper's details and payment beside the cart it orders. */
export function CheckoutView({
  pricing,
  paymentMethods,
  giftWrapCents = null,
  reminders = false,
}: {
  pricing: CartPricing;
  /** What the shop offers (the loader's); the offline methods when not given. */
  paymentMethods?: readonly PaymentMethod[];
  /** Gift wrapping's price in cents (0 = free), null when not offered. */
  giftWrapCents?: number | null;
  /** The owner turned abandoned-checkout reminders on (the consent box is offered). */
  reminders?: boolean;
}) {
  const paths = usePaths();
  const { t } = useTranslation("checkout");
  const { t: tc } = useTranslation("cart");
  const lang = useLang();
  const money = useMoney(lang);
  const stored = useCart();
  const cart = useTraderCart(stored);
  const coupon = useAppliedCoupon();
  const [placed, setPlaced] = useState<false | "order" | "payment">(false);
  // The chosen shipping method's fee once the quote answers; the domestic fee until then.
  const [shippingFee, setShippingFee] = useState<number | null>(null);
  const [giftWrap, setGiftWrap] = useState(0);
  // What the gift card code holds, once checked: the summary shows what it pays.
  const [giftCardBalance, setGiftCardBalance] = useState<number | null>(null);
  const [choice, setChoice] = useState<{ country: string; method: string | null } | null>(null);
  // The server prices the order's promotions once the quote offered a method (free delivery
  // depends on the zone); the standing formula with the method's fee until then. A trader's
  // prices are its own: no promotion or standing discount on top.
  // A cart with a dish is always priced by the server: its dishes follow the owner's rules.
  const hasDish = cart.lines.some((line) => dishIdOf(line.productId) !== null);
  const sweets = hasDish
    ? (apiLines(cart.lines) as ReturnType<typeof sweetsLines>)
    : sweetsLines(cart.lines);
  const price = useCartPrice(
    (pricing.automaticPromotions || hasDish) &&
      !cart.wholesale &&
      sweets.length > 0 &&
      choice?.country &&
      choice.method
      ? {
          lines: sweets,
          coupon: coupon?.code ?? null,
          country: choice.country,
          shipping_method: choice.method,
        }
      : null,
  );
  // Gift cards alone: nothing to discount or deliver; they are added to the total as they are.
  const totals = price
    ? totalsFromPrice(price, giftWrap)
    : cart.lines.length === 0
      ? NOTHING_TO_DELIVER
      : cartSummaryTotals(
          cart.subtotalCents,
          {
            ...pricing,
            ...(shippingFee === null ? {} : { deliveryFeeCents: shippingFee }),
            ...(cart.wholesale ? { cartDiscountPercent: 0 } : {}),
          },
          coupon,
          giftWrap,
        );
  const couponToSend = totals.discountSource === "coupon" && coupon ? coupon.code : null;

  let body: React.ReactNode;
  if (placed) {
    body = (
      <p className="mt-8" role="status">
        {t(placed === "payment" ? "placedPayment" : "placed")}
      </p>
    );
  } else if (cart.status === "loading") {
    body = (
      <p className="mt-8 text-muted" role="status">
        {t("loading")}
      </p>
    );
  } else if (cart.lines.length === 0 && stored.giftCards.length === 0) {
    body = (
      <div className="mt-8 rounded-xl border border-line bg-white p-8 text-center">
        <p className="text-xl font-bold">{t("emptyCart")}</p>
        <Link to={paths.shop()} className="btn btn-primary mt-6">
          {t("goToShop")}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <CheckoutForm
          lines={cart.lines}
          giftCards={stored.giftCards}
          onGiftCardBalance={setGiftCardBalance}
          lang={lang}
          coupon={couponToSend}
          paymentMethods={paymentMethods}
          onShippingFee={setShippingFee}
          onShippingChoice={setChoice}
          giftWrapCents={giftWrapCents}
          onGiftWrap={setGiftWrap}
          reminders={reminders}
          onPlaced={(next) => {
            setPlaced(next ?? "order");
            stored.clear();
          }}
        />
        {/* On a phone the order and its total come before the form (and "Place order"). */}
        <aside className="order-first space-y-4 lg:sticky lg:top-4 lg:order-none lg:self-start">
          <section
            aria-labelledby="checkout-order-title"
            className="rounded-xl border border-line bg-white p-5"
          >
            <h2 id="checkout-order-title" className="text-xl font-bold text-brown">
              {t("sections.order")}
            </h2>
            <ul className="mt-3 space-y-2" data-testid="checkout-lines">
              {cart.lines.map((line) => (
                <li key={keyOfLine(line)} className="flex justify-between gap-3 text-sm">
                  <span>
                    {lineName(line, lang)}{" "}
                    <span className="text-muted">
                      {dishIdOf(line.productId) === null ? (
                        <Quantity grams={gramsOf(line)} qty={line.qty} lang={lang} />
                      ) : (
                        t("dishPortions", { qty: line.qty })
                      )}
                    </span>
                  </span>
                  <span>
                    {line.wholesale ? <WholesaleMark /> : null}{" "}
                    <span dir="ltr">{money(toCents(line.price) * line.qty)}</span>
                  </span>
                </li>
              ))}
              {stored.giftCards.map((card) => (
                <li
                  key={card.id}
                  className="flex justify-between gap-3 text-sm"
                  data-testid="checkout-gift-card"
                >
                  <span>
                    {tc("giftCard.title")}{" "}
                    <span className="text-muted">
                      {tc("giftCard.to", {
                        name: card.recipient_name,
                        email: card.recipient_email,
                      })}{" "}
                      · {sendDayText(card.send_on, lang)}
                    </span>
                  </span>
                  <span dir="ltr">{money(toCents(card.amount))}</span>
                </li>
              ))}
            </ul>
          </section>
          <CartSummary
            totals={totals}
            coupon={coupon}
            lang={lang}
            price={price}
            giftCardsCents={giftCardsCents(stored.giftCards)}
            giftCardPaysCents={giftCardBalance ?? 0}
          />
        </aside>
      </div>
    );
  }

  return (
    <section className="container-page py-8">
      <Link to={paths.cart()} className="text-sm text-gold-dark underline">
        {t("backToCart")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-brown">{t("title")}</h1>
      {body}
    </section>
  );
}
