import { useState } from "react";
import type { KitchenDish } from "../../../shared/schemas/kitchen.ts";
import { Price } from "../../components/ui/price.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { messagingLink } from "../../lib/messaging.ts";

type Props = {
  dish: KitchenDish;
  /** The day the visitor would order it for, already named ("Tuesday 24 Nov"). */
  day: string;
  soldOut: boolean;
  messagingNumber: string;
};

/** One dish: picture, name, description, price, and an order link or the sold-out state. */
export function DishCard({ dish, day, soldOut, messagingNumber }: Props) {
  const { t, i18n } = useTranslation("kitchen");
  const lang = i18n.language === "ar" ? "ar" : "en";
  const title = lang === "ar" && dish.title_ar ? dish.title_ar : dish.title;
  const description = lang === "ar" && dish.description_ar ? dish.description_ar : dish.description;
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm"
      data-testid="dish-card"
      data-dish-id={dish.id}
    >
      {dish.image ? (
        <img
          src={dish.image_set?.src ?? dish.image}
          srcSet={dish.image_set?.srcset}
          sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw"
          alt=""
          width={dish.image_set?.width ?? 640}
          height={dish.image_set?.height ?? 480}
          loading="lazy"
          className={`aspect-[4/3] w-full object-cover ${soldOut ? "grayscale" : ""}`}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex items-start justify-between gap-3">
          <h4 className="text-lg font-bold text-brown">{title}</h4>
          {soldOut ? (
            <span className="shrink-0 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
              {t("soldOut")}
            </span>
          ) : null}
        </div>
        {description ? <p className="text-muted">{description}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-3">
          {dish.price !== null ? <Price amount={dish.price} lang={lang} display /> : <span />}
          {soldOut ? (
            <span className="text-sm text-muted">{t("soldOutHint")}</span>
          ) : dish.orderable && dish.price !== null ? (
            <AddDish dish={dish} title={title} />
          ) : messagingNumber ? (
            <a
              className="btn btn-primary"
              href={messagingLink(messagingNumber, t("order.message", { dish: title, day }))}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("order.label", { dish: title, day })}
            >
              {t("order.button")}
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Portions the cart takes of a dish in one add (the kitchen's limit per line). */
const PORTION_CHOICES = Array.from({ length: 20 }, (_, i) => i + 1);

/**
 * Portions and "Add to cart". The cart's code loads on the first tap, so the kitchen page's
 * first visit downloads none of it.
 */
function AddDish({ dish, title }: { dish: KitchenDish; title: string }) {
  const { t } = useTranslation("kitchen");
  const [portions, setPortions] = useState(1);
  const [added, setAdded] = useState(false);
  const left = dish.portions_left;
  const most = left === null ? 20 : Math.min(20, left);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="dish-add">
      <label className="flex items-center gap-2 text-sm">
        {t("cart.portions")}
        <select
          className="input w-20"
          value={portions}
          onChange={(e) => setPortions(Number(e.target.value))}
          aria-label={t("cart.portionsOf", { dish: title })}
        >
          {PORTION_CHOICES.filter((n) => n <= most).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-primary"
        aria-label={t("cart.addLabel", { dish: title })}
        onClick={async () => {
          const { addToCart } = await import("../cart/cart-store.ts");
          addToCart({
            productId: `dish:${dish.id}`,
            qty: portions,
            productSnapshot: {
              name: dish.title,
              name_ar: dish.title_ar,
              price: dish.price ?? 0,
              image: dish.image ?? "",
            },
          });
          setAdded(true);
        }}
      >
        {t("cart.add")}
      </button>
      {added ? (
        <span role="status" className="text-sm text-green-800">
          {t("cart.added")}
        </span>
      ) : null}
    </div>
  );
}
