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
