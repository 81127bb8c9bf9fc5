import { useId } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { useDisplayCurrency } from "../ui/display-currency.tsx";

/**
 * The header's display-currency choice: a native select, so it costs a few hundred
 * bytes and works with a keyboard and screen readers as is. Shown only when the owner lists
 * a currency besides US dollars (never a control with one choice).
 */
export function CurrencyPicker() {
  const { t, i18n } = useTranslation();
  const { currency, currencies, choose } = useDisplayCurrency();
  const id = useId();
  if (currencies.length < 2) return null;
  const arabic = i18n.language === "ar";
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("currency.label")}
      </label>
      <select
        id={id}
        dir="ltr"
        value={currency.code}
        onChange={(event) => choose(event.target.value)}
        className="max-w-24 rounded-md bg-transparent px-1 py-1 text-sm font-bold hover:bg-line"
        data-testid="currency-picker"
      >
        {currencies.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.code} ${arabic ? c.symbolAr : c.symbol}`}
          </option>
        ))}
      </select>
    </>
  );
}
