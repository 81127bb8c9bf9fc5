import { type Cents, formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { useTranslation } from "../../i18n/translator.tsx";

type Props = {
  /** Dollars, as API bodies carry them. */
  amount: number;
  /** The regular price when `amount` is discounted: shown struck through. */
  regular?: number | null;
  lang: Lang;
  currency?: string;
  /** A unit after the price ("/ 1 kg"). */
  unit?: string;
  className?: string;
};

/** A price with Latin digits in both languages (DECISIONS), kept left-to-right inside Arabic text. */
export function Price({ amount, regular, lang, currency = "USD", unit, className }: Props) {
  const { t } = useTranslation();
  const now: Cents = toCents(amount);
  const before = regular != null && toCents(regular) > now ? toCents(regular) : null;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className ?? ""}`}>
      <span dir="ltr" className="font-bold text-gold-dark" data-testid="price">
        {formatMoney(now, lang, currency)}
      </span>
      {before !== null ? (
        <>
          <span className="sr-only">{t("price.was")}</span>
          <s dir="ltr" className="text-sm text-muted">
            {formatMoney(before, lang, currency)}
          </s>
        </>
      ) : null}
      {unit ? <span className="text-sm text-muted">{unit}</span> : null}
    </span>
  );
}
