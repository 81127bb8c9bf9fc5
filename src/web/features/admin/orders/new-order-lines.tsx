import { useId, useState } from "react";
import { MAX_LINE_QTY } from "../../../../shared/domain/cart.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { ProductListItem } from "../../../../shared/schemas/catalog.ts";
import { Price } from "../../../components/ui/price.tsx";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useProductWeights } from "./api/product-weights.ts";
import { useProductSearch } from "./api/search-products.ts";

/** One line of a staff order: the product, its weight option and the quantity. */
export type DraftLine = {
  key: string;
  /** A line the order already has (an edit keeps it by this id); absent for a new one. */
  lineId?: number;
  productId: number;
  name: string;
  nameAr: string;
  grams: number;
  qty: number;
};

/** Lines with a product picker (the storefront's list), weight options and quantities. */
export function NewOrderLines({
  lines,
  onChange,
  error,
}: {
  lines: readonly DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation("admin-orders");
  const [search, setSearch] = useState("");
  const found = useProductSearch(search);
  const titleId = useId();

  const add = (product: ProductListItem) =>
    onChange([
      ...lines,
      {
        key: `${product.id}-${Date.now()}-${lines.length}`,
        productId: product.id,
        name: product.name,
        nameAr: product.name_ar,
        grams: product.default_grams,
        qty: 1,
      },
    ]);
  const update = (key: string, patch: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const remove = (key: string) => onChange(lines.filter((line) => line.key !== key));

  return (
    <section aria-labelledby={titleId} className="space-y-3" data-testid="new-order-lines">
      <h2 id={titleId} className="text-xl font-bold text-brown">
        {t("newOrder.lines")}
      </h2>
      {lines.length === 0 ? <p className="text-sm text-muted">{t("newOrder.noLines")}</p> : null}
      <ul className="space-y-2">
        {lines.map((line, index) => (
          <LineRow
            key={line.key}
            line={line}
            index={index}
            onChange={(patch) => update(line.key, patch)}
            onRemove={() => remove(line.key)}
          />
        ))}
      </ul>
      {error ? (
        <p className="text-sm font-semibold text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="space-y-2 rounded-lg border border-dashed border-line p-3">
        <SearchInput
          label={t("newOrder.findProduct")}
          placeholder={t("newOrder.findProduct")}
          delay={SEARCH_PAUSE_MS.products}
          onSearch={setSearch}
        />
        <ul className="flex flex-col gap-1" data-testid="product-results">
          {(found.data ?? []).map((product) => (
            <ProductResult key={product.id} product={product} onAdd={() => add(product)} />
          ))}
        </ul>
        {found.data && found.data.length === 0 ? (
          <p className="text-sm text-muted">{t("newOrder.noProducts")}</p>
        ) : null}
      </div>
    </section>
  );
}

function ProductResult({ product, onAdd }: { product: ProductListItem; onAdd: () => void }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const name = pickText(lang, product.name, product.name_ar);
  return (
    <li className="flex items-center gap-3">
      <span className="flex-1">
        {name}{" "}
        <span className="text-sm text-muted">
          {product.in_stock ? null : `(${t("newOrder.outOfStock")}) `}
          <Price amount={product.price} lang={lang} unit={t("newOrder.perKg")} />
        </span>
      </span>
      <button
        type="button"
        className="btn btn-outline px-3 py-1 text-sm"
        onClick={onAdd}
        aria-label={t("newOrder.addProduct", { name })}
      >
        {t("newOrder.add")}
      </button>
    </li>
  );
}

function LineRow({
  line,
  index,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  index: number;
  onChange: (patch: Partial<DraftLine>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const id = useId();
  const product = useProductWeights(line.productId);
  const weights = product.data?.weights ?? [];
  const name = pickText(lang, line.name, line.nameAr);
  return (
    <li
      className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-3"
      data-testid="new-order-line"
    >
      <p className="min-w-40 flex-1 font-semibold">
        <span className="sr-only">{t("newOrder.lineNumber", { n: index + 1 })} </span>
        {name}
      </p>
      <label htmlFor={`${id}-weight`} className="flex flex-col text-sm">
        {t("weight")}
        <select
          id={`${id}-weight`}
          className="input"
          value={line.grams}
          onChange={(e) => onChange({ grams: Number(e.target.value) })}
        >
          {weights.length === 0 ? (
            <option value={line.grams}>{optionLabel(line.grams, lang)}</option>
          ) : (
            weights.map((w) => (
              <option key={w.grams} value={w.grams}>
                {`${pickText(lang, w.label, w.label_ar)} — ${formatMoney(toCents(w.discount_price ?? w.price), lang)}`}
              </option>
            ))
          )}
        </select>
      </label>
      <label htmlFor={`${id}-qty`} className="flex flex-col text-sm">
        {t("qty")}
        <input
          id={`${id}-qty`}
          type="number"
          className="input w-24"
          dir="ltr"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QTY}
          step={1}
          value={line.qty}
          onChange={(e) => {
            const qty = Math.trunc(Number(e.target.value));
            onChange({ qty: Number.isFinite(qty) && qty >= 1 ? Math.min(qty, MAX_LINE_QTY) : 1 });
          }}
        />
      </label>
      <button
        type="button"
        className="btn px-3 text-red-700 hover:bg-red-50"
        onClick={onRemove}
        aria-label={t("newOrder.removeLine", { name })}
      >
        {t("newOrder.remove")}
      </button>
    </li>
  );
}
