import { formatDate } from "../../../shared/domain/date-format.ts";
import { type Lang, toCents } from "../../../shared/domain/money.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import type { CartGiftCard } from "./gift-card-lines.ts";

/** A send day as the shop writes dates ("2 Dec 2026" / "02/12/2026"), noon so no zone moves it. */
export const sendDayText = (day: string, lang: Lang) => formatDate(`${day}T12:00:00Z`, lang);

/**
 * A gift card line of the cart: its amount, who gets it and the day it is e-mailed; removable.
 * No quantity: two cards for one person are two lines (two codes, two e-mails).
 */
export function GiftCardLineItem({
  card,
  lang,
  onRemove,
}: {
  card: CartGiftCard;
  lang: Lang;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation("cart");
  const money = useMoney(lang);
  return (
    <li
      className="flex flex-wrap items-center gap-4 border-b border-line py-4"
      data-testid="gift-card-line"
    >
      <span
        aria-hidden="true"
        className="grid size-20 shrink-0 place-items-center rounded-lg bg-cream text-3xl"
      >
        🎁
      </span>
      <div className="min-w-40 flex-1">
        <p className="font-bold">{t("giftCard.title")}</p>
        <p className="text-sm">
          {t("giftCard.to", { name: card.recipient_name, email: card.recipient_email })}
        </p>
        <p className="text-sm text-muted" data-testid="gift-card-send-on">
          {t("giftCard.sendOn", {
            day: sendDayText(card.send_on, lang),
            lang: t(`giftCard.langs.${card.lang}`),
          })}
        </p>
      </div>
      <p className="w-24 text-end font-bold" dir="ltr" data-testid="gift-card-amount">
        {money(toCents(card.amount))}
      </p>
      <button
        type="button"
        className="text-sm text-gold-dark underline"
        aria-label={t("giftCard.removeOf", { name: card.recipient_name })}
        onClick={() => onRemove(card.id)}
      >
        {t("giftCard.remove")}
      </button>
    </li>
  );
}
