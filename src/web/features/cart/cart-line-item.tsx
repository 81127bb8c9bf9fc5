import { dtoContentsText } from "../../../shared/domain/boxes.ts";
import {
  dishIdOf,
  keyOfLine,
  MAX_DISH_PORTIONS,
  MAX_LINE_QTY,
} from "../../../shared/domain/cart.ts";
import { type Lang, toCents } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { WholesaleMark } from "../trader/trader-prices.tsx";
import type { LineMark } from "./allergen-picker.tsx";
import { gramsOf, lineName } from "./line-details.ts";
import type { TraderCartLine } from "./trader-cart.ts";

const PLACEHOLDER_IMAGE = "/placeholder-product.svg";

type Props = {
  line: TraderCartLine;
  lang: Lang;
  onQty: (key: string, qty: number) => void;
  onRemove: (key: string) => void;
  /** The allergens the shopper avoids that this line holds (see allergen-picker.tsx). */
  mark?: LineMark;
};

export function CartLineItem({ line, lang, onQty, onRemove, mark }: Props) {
  const { t } = useTranslation("cart");
  const money = useMoney(lang);
  const key = keyOfLine(line);
  const name = lineName(line, lang);
  const qtyId = `qty-${key.replace(/[^a-z0-9]/gi, "-")}`;
  return (
    <li
      className="flex flex-wrap items-center gap-4 border-b border-line py-4"
      data-testid="cart-line"
    >
      <img
        src={line.image || PLACEHOLDER_IMAGE}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-lg bg-line object-cover"
        onError={(event) => {
          const img = event.currentTarget;
          if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
        }}
      />
      <div className="min-w-40 flex-1">
        <p className="font-bold">{name}</p>
        {/* The page's direction: under the name on its side, "1 كغ" read right to left. */}
        <p className="text-sm text-muted" data-testid="line-weight">
          {dishIdOf(line.productId) === null ? optionLabel(gramsOf(line), lang) : t("line.dish")}
        </p>
        {line.contents?.length ? (
          <p className="text-sm text-muted" data-testid="line-contents">
            {dtoContentsText(line.contents, lang)}
          </p>
        ) : null}
        {mark ? (
          <p className="text-sm font-semibold text-red-800" data-testid="line-allergens">
            <span aria-hidden="true">⚠ </span>
            {[
              mark.contains.length
                ? t("avoid.contains", { list: mark.contains.join(lang === "ar" ? "، " : ", ") })
                : "",
              mark.traces.length
                ? t("avoid.traces", { list: mark.traces.join(lang === "ar" ? "، " : ", ") })
                : "",
              mark.unknown ? t("avoid.unknown") : "",
            ]
              .filter(Boolean)
              .join(" ")}
          </p>
        ) : null}
        <p className="text-sm">
          <span className="text-muted">{t("line.unitPrice")}: </span>
          <span dir="ltr">{money(toCents(line.price))}</span>
          {line.wholesale ? (
            <>
              {" "}
              <WholesaleMark />
            </>
          ) : null}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn btn-outline size-9 p-0"
          aria-label={t("line.decrease", { name })}
          disabled={line.qty <= 1}
          onClick={() => onQty(key, line.qty - 1)}
        >
          −
        </button>
        <label htmlFor={qtyId} className="sr-only">
          {t("line.quantityOf", { name })}
        </label>
        <input
          id={qtyId}
          type="number"
          inputMode="numeric"
          min={1}
          max={dishIdOf(line.productId) === null ? MAX_LINE_QTY : MAX_DISH_PORTIONS}
          step={1}
          dir="ltr"
          className="field w-16 text-center"
          value={line.qty}
          onChange={(event) => {
            const value = event.currentTarget.valueAsNumber;
            // A blank box while typing is left alone; any number is floored into 1 to 8.
            if (Number.isFinite(value)) onQty(key, value);
          }}
        />
        <button
          type="button"
          className="btn btn-outline size-9 p-0"
          aria-label={t("line.increase", { name })}
          disabled={line.qty >= MAX_LINE_QTY}
          onClick={() => onQty(key, line.qty + 1)}
        >
          +
        </button>
      </div>
      <p className="w-24 text-end font-bold" dir="ltr" data-testid="line-total">
        {money(toCents(line.price) * line.qty)}
      </p>
      <button
        type="button"
        className="text-sm text-gold-dark underline"
        aria-label={t("line.removeOf", { name })}
        onClick={() => onRemove(key)}
      >
        {t("line.remove")}
      </button>
    </li>
  );
}
