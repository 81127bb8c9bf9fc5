import { type Cents, formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useMoney } from "./display-currency.tsx";

type Props = {
  /** Dollars, as API bodies carry them. */
  amount: number;
  /** The regular price when `amount` is discounted: shown struck through. */
  regular?: number | null;
  lang: Lang;
  currency?: string;
  /**
   * In the shopper's display currency: catalogue, cart and checkout prices. Order
   * records (account, order page, back office) leave it off and stay in USD, as charged.
   */
  display?: boolean;
  /** A unit after the price ("/ 1 kg"). */
  unit?: string;
  className?: string;
};

/** A price with Latin digits in both languages, kept left-to-right inside Arabic text. */
export function Price({
  amount,
  regular,
  lang,
  currency = "USD",
  display = false,
  unit,
  className,
}: Props) {
  const { t } = useTranslation();
  const shopperMoney = useMoney(lang);
  const money = (cents: Cents) =>
    display ? shopperMoney(cents) : formatMoney(cents, lang, currency);
  const now: Cents = toCents(amount);
  const before = regular != null && toCents(regular) > now ? toCents(regular) : null;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className ?? ""}`}>
      <span dir="ltr" className="font-bold text-gold-dark" data-testid="price">
        {money(now)}
      </span>
      {before !== null ? (
        <>
          <span className="sr-only">{t("price.was")}</span>
          <s dir="ltr" className="text-sm text-muted">
            {money(before)}
          </s>
        </>
      ) : null}
      {unit ? <span className="text-sm text-muted">{unit}</span> : null}
    </span>
  );
}
