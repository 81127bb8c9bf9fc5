import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { dishIdOf, keyOfLine } from "../../../shared/domain/cart.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import type { LineMark } from "./allergen-picker.tsx";
import { useAppliedCoupon } from "./applied-coupon.ts";
import { CartLineItem } from "./cart-line-item.tsx";
import { useCart } from "./cart-store.ts";
import {
  type CartPricing,
  CartSummary,
  cartSummaryTotals,
  NOTHING_TO_DELIVER,
  totalsFromPrice,
} from "./cart-summary.tsx";
import { ClearCartDialog } from "./clear-cart-dialog.tsx";
import { CouponBox } from "./coupon-box.tsx";
import { GiftCardLineItem } from "./gift-card-line-item.tsx";
import { giftCardsCents } from "./gift-card-lines.ts";
import { apiLines, sweetsLines } from "./line-details.ts";
import { useCartPrice } from "./price-cart.ts";
import { useRestoreFromLink } from "./restore-cart.ts";
import { useTraderCart } from "./trader-cart.ts";

export function CartBreadcrumb() {
  const paths = usePaths();
  const { t } = useTranslation("cart");
  return (
    <nav aria-label={t("breadcrumb.label")} className="text-sm text-muted">
      <ol className="flex flex-wrap gap-1">
        <li>
          <Link to={paths.home()} className="hover:underline">
            {t("breadcrumb.home")}
          </Link>
          <span aria-hidden="true"> / </span>
        </li>
        <li>
          <Link to={paths.shop()} className="hover:underline">
            {t("breadcrumb.shop")}
          </Link>
          <span aria-hidden="true"> / </span>
        </li>
        <li aria-current="page" className="text-ink">
          {t("breadcrumb.cart")}
        </li>
      </ol>
    </nav>
  );
}

// "Allergens I avoid" comes after the cart, in its own chunk (page-weight budget).
const AllergenPicker = lazy(() => import("./allergen-picker.tsx"));

const STATE_BOX = "mt-8 min-h-60 rounded-xl border border-line bg-white p-8 text-center";

/** The cart page: lines, clear with confirmation, the summary and the code box. */
export function CartView({ pricing }: { pricing: CartPricing }) {
  const paths = usePaths();
  const { t } = useTranslation("cart");
  const lang = useLang();
  const stored = useCart();
  const cart = useTraderCart(stored);
  const coupon = useAppliedCoupon();
  const [marks, setMarks] = useState<Record<string, LineMark>>({});
  // A reminder's link (`?restore=`) puts its lines back; the outcome is a short message.
  const restored = useRestoreFromLink();
  // A trader's prices are its own: no promotion or standing discount on top.
  // A cart with a dish is always priced by the server: its dishes follow the owner's rules.
  const hasDish = cart.lines.some((line) => dishIdOf(line.productId) !== null);
  const sweets = hasDish
    ? (apiLines(cart.lines) as ReturnType<typeof sweetsLines>)
    : sweetsLines(cart.lines);
  const price = useCartPrice(
    (pricing.automaticPromotions || hasDish) && !cart.wholesale && sweets.length > 0
      ? { lines: sweets, coupon: coupon?.code ?? null }
      : null,
  );
  // The server's price once it answered (promotions need the catalogue); the standing formula until then.
  // Gift cards alone: nothing to discount or deliver; they are added to the total as they are.
  const totals = price
    ? totalsFromPrice(price)
    : cart.lines.length === 0
      ? NOTHING_TO_DELIVER
      : cartSummaryTotals(
          cart.subtotalCents,
          cart.wholesale ? { ...pricing, cartDiscountPercent: 0 } : pricing,
          coupon,
        );

  return (
    <section className="container-page py-8">
      <CartBreadcrumb />
      <h1 className="mt-3 text-3xl font-bold text-brown">{t("title")}</h1>
      {restored ? (
        <p
          role="status"
          data-testid="cart-restored"
          className={`mt-4 rounded-lg border p-3 ${
            restored.status === "invalid"
              ? "border-red-700 bg-red-50 text-red-800"
              : "border-line bg-white"
          }`}
        >
          {restored.status === "invalid"
            ? t("restore.invalid")
            : t(restored.added > 0 ? "restore.restored" : "restore.already")}
        </p>
      ) : null}
      {/* The server cannot see the cart (it lives in the browser's storage): it renders the
          loading box at the empty box's size, so an empty cart appearing moves nothing. The two
          boxes have keys of their own: React replaces the loading box rather than moving its
          text from the middle to the top, which the browser counts as a layout shift (it was
          CLS 0.005 on /cart). */}
      {cart.status === "loading" ? (
        <div key="loading" className={`${STATE_BOX} grid place-items-center`}>
          <p className="text-muted" role="status">
            {t("loading")}
          </p>
        </div>
      ) : cart.lines.length === 0 && stored.giftCards.length === 0 ? (
        <div key="empty" className={STATE_BOX}>
          <p className="text-xl font-bold">{t("empty")}</p>
          <p className="mt-2 text-muted">{t("emptyHint")}</p>
          <Link to={paths.shop()} className="btn btn-primary mt-6">
            {t("goToShop")}
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div>
            {stored.giftCards.length > 0 ? (
              <>
                <ul aria-label={t("giftCard.listLabel")} data-testid="gift-card-lines">
                  {stored.giftCards.map((card) => (
                    <GiftCardLineItem
                      key={card.id}
                      card={card}
                      lang={lang}
                      onRemove={stored.removeGiftCard}
                    />
                  ))}
                </ul>
                <p className="mt-2 text-sm">
                  <Link to={paths.giftCards()} className="text-gold-dark underline">
                    {t("giftCard.another")}
                  </Link>
                </p>
              </>
            ) : null}
            <ul aria-label={t("linesLabel")}>
              {cart.lines.map((line) => (
                <CartLineItem
                  key={keyOfLine(line)}
                  line={line}
                  lang={lang}
                  mark={marks[keyOfLine(line)]}
                  onQty={stored.setQty}
                  onRemove={stored.remove}
                />
              ))}
            </ul>
            {/* The fallback is the picker's closed box, so its chunk arriving moves nothing. */}
            <Suspense
              fallback={
                <div
                  className="mt-4 rounded-lg border border-line bg-white p-3 font-semibold"
                  aria-hidden="true"
                >
                  {t("avoid.title")}
                </div>
              }
            >
              <AllergenPicker
                lang={lang}
                onMarks={setMarks}
                // A box is what its sweets are; a dish has no food information here.
                lines={cart.lines
                  .filter((line) => dishIdOf(line.productId) === null)
                  .map((line) => ({
                    key: keyOfLine(line),
                    productIds: line.contents?.length
                      ? line.contents.map((c) => Number(c.productId))
                      : [Number(line.productId)],
                  }))}
              />
            </Suspense>
            <div className="mt-4">
              <ClearCartDialog onConfirm={stored.clear} />
            </div>
          </div>
          <CartSummary
            totals={totals}
            coupon={coupon}
            lang={lang}
            price={price}
            giftCardsCents={giftCardsCents(stored.giftCards)}
          >
            <CouponBox
              applied={coupon}
              standingPercent={cart.wholesale ? 0 : pricing.cartDiscountPercent}
              subtotal={cart.subtotal}
            />
            <Link to={paths.checkout()} className="btn btn-primary mt-5 w-full">
              {t("checkout")}
            </Link>
          </CartSummary>
        </div>
      )}
    </section>
  );
}
