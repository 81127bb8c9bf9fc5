import { useState } from "react";
import { PRICE_LIST_MESSAGES } from "../../../../shared/domain/price-lists.ts";
import {
  type PriceListDto,
  type PriceListInput,
  TRADER_MESSAGES,
} from "../../../../shared/schemas/traders.ts";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useLang } from "../../../lib/bilingual.ts";
import { usePriceLists } from "./api/list-price-lists.ts";
import { type Choice, useCatalogChoices, useSavePriceList } from "./api/save-price-list.ts";

// The list rules' sentences (shared with the API) in the screen's language.
registerMessages(PRICE_LIST_MESSAGES, (id) => `admin-traders:lists.errors.${id}`);
registerMessages(
  {
    NAME: TRADER_MESSAGES.NAME,
    MONEY: TRADER_MESSAGES.MONEY,
    TRADER_PRICE: TRADER_MESSAGES.PRICE,
    GRAMS: TRADER_MESSAGES.GRAMS,
    ID: TRADER_MESSAGES.ID,
    UNKNOWN_PRODUCT: TRADER_MESSAGES.UNKNOWN_PRODUCT,
    UNKNOWN_CATEGORY: TRADER_MESSAGES.UNKNOWN_CATEGORY,
  },
  (id) => `admin-traders:lists.errors.${id}`,
);

/** The form's rows: what the owner types, kg and dollars as text until saved. */
type TierRow = { from_kg: string; price_per_kg: string };
type ProductRow = { product_id: string; price_per_kg: string; min_kg: string; tiers: TierRow[] };
type CategoryRow = { category_id: string; percent_off: string };
type Draft = {
  name: string;
  min_order_total: string;
  products: ProductRow[];
  categories: CategoryRow[];
};

const kg = (grams: number) => String(grams / 1000);
const toGrams = (text: string) => Math.round(Number(text || 0) * 1000);

function draftOf(list: PriceListDto | null): Draft {
  return {
    name: list?.name ?? "",
    min_order_total: list ? String(list.min_order_total) : "0",
    products: (list?.products ?? []).map((p) => ({
      product_id: String(p.product_id),
      price_per_kg: String(p.price_per_kg),
      min_kg: kg(p.min_grams),
      tiers: p.tiers.map((tier) => ({
        from_kg: kg(tier.from_grams),
        price_per_kg: String(tier.price_per_kg),
      })),
    })),
    categories: (list?.categories ?? []).map((c) => ({
      category_id: String(c.category_id),
      percent_off: String(c.percent_off),
    })),
  };
}

/** The draft as the API takes it; the server's rules say what is wrong, field by field. */
function inputOf(draft: Draft): PriceListInput {
  return {
    name: draft.name,
    min_order_total: Number(draft.min_order_total || 0),
    products: draft.products.map((p) => ({
      product_id: Number(p.product_id),
      price_per_kg: Number(p.price_per_kg),
      min_grams: toGrams(p.min_kg),
      tiers: p.tiers.map((tier) => ({
        from_grams: toGrams(tier.from_kg),
        price_per_kg: Number(tier.price_per_kg),
      })),
    })),
    categories: draft.categories.map((c) => ({
      category_id: Number(c.category_id),
      percent_off: Number(c.percent_off),
    })),
  };
}

/**
 * The wholesale price lists under the traders: each with its minimum order and how many
 * products and categories it prices, and an editor for a new or an existing list.
 */
export function PriceListsSection() {
  const { t } = useTranslation(["admin-traders", "admin"]);
  const lang = useLang();
  const lists = usePriceLists();
  const [editing, setEditing] = useState<PriceListDto | "new" | null>(null);
  return (
    <section className="mt-10" aria-labelledby="price-lists-heading" data-testid="price-lists">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="price-lists-heading" className="text-xl font-bold text-brown">
          {t("lists.title")}
        </h2>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="price-list-new"
          onClick={() => setEditing("new")}
        >
          {t("lists.new")}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted">{t("lists.intro")}</p>
      <ul className="mt-3 grid gap-2">
        {(lists.data ?? []).map((list) => (
          <li
            key={list.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-white p-3"
            data-testid="price-list-row"
          >
            <div>
              <p className="font-semibold" dir="auto">
                {list.name}
              </p>
              <p className="text-xs text-muted">
                {t("lists.summary", {
                  products: list.products.length,
                  categories: list.categories.length,
                })}
                {list.min_order_total > 0 ? (
                  <>
                    {" · "}
                    {t("lists.minimum")} <Price amount={list.min_order_total} lang={lang} />
                  </>
                ) : null}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              data-testid="price-list-edit"
              onClick={() => setEditing(list)}
            >
              {t("lists.edit")}
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <PriceListEditor
          key={editing === "new" ? "new" : editing.id}
          list={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

function PriceListEditor({ list, onClose }: { list: PriceListDto | null; onClose: () => void }) {
  const { t } = useTranslation(["admin-traders", "admin", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const lang = useLang();
  const choices = useCatalogChoices();
  const save = useSavePriceList();
  const [draft, setDraft] = useState<Draft>(() => draftOf(list));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const label = (choice: Choice) =>
    lang === "ar" && choice.name_ar ? choice.name_ar : choice.name;
  const error = (field: string) =>
    errors[field]?.length ? (
      <span className="text-xs text-red-700" role="alert">
        {text(errors[field]![0]!)}
      </span>
    ) : null;
  // The product rows and the category rows are built from the same three pieces.
  /** A row's pick from the catalogue (a product or a category), "—" until chosen. */
  const chooser = (
    title: string,
    value: string,
    options: readonly Choice[] | undefined,
    onChange: (value: string) => void,
    field: string,
  ) => (
    <label className="grid gap-1 text-sm">
      {title}
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">—</option>
        {(options ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {label(c)}
          </option>
        ))}
      </select>
      {error(field)}
    </label>
  );
  /** A figure typed left to right (kg, dollars, percent) with its field's error. */
  const figure = (
    title: string,
    value: string,
    onChange: (value: string) => void,
    field: string,
    opts: { className?: string; numeric?: boolean } = {},
  ) => (
    <label className="grid gap-1 text-sm">
      {title}
      <input
        className={opts.className ?? "input"}
        inputMode={opts.numeric ? "numeric" : "decimal"}
        dir="ltr"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error(field)}
    </label>
  );
  const removeButton = (onClick: () => void, className = "btn btn-outline") => (
    <button type="button" className={className} onClick={onClick}>
      {t("lists.remove")}
    </button>
  );
  const setProduct = (i: number, change: Partial<ProductRow>) =>
    setDraft((d) => ({
      ...d,
      products: d.products.map((p, j) => (j === i ? { ...p, ...change } : p)),
    }));
  const setCategory = (i: number, change: Partial<CategoryRow>) =>
    setDraft((d) => ({
      ...d,
      categories: d.categories.map((c, j) => (j === i ? { ...c, ...change } : c)),
    }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    save.mutate(
      { id: list?.id ?? null, input: inputOf(draft) },
      {
        onSuccess: () => {
          toast.success(t("lists.saved"));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(failure.errors ?? {});
          setMessage(failure.message);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={list ? t("lists.editTitle", { name: list.name }) : t("lists.newTitle")}
      size="lg"
      testId="price-list-dialog"
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm font-semibold">
            {t("lists.name")}
            <input
              className="input"
              name="name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
            {error("name")}
          </label>
          <label className="grid gap-1 text-sm font-semibold">
            {t("lists.minOrderTotal")}
            <input
              className="input"
              name="min_order_total"
              inputMode="decimal"
              dir="ltr"
              value={draft.min_order_total}
              onChange={(e) => setDraft({ ...draft, min_order_total: e.target.value })}
            />
            {error("min_order_total")}
          </label>
        </div>

        <fieldset className="grid gap-3">
          <legend className="font-bold">{t("lists.products")}</legend>
          {draft.products.map((row, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
              key={i}
              className="grid gap-2 rounded-lg border border-line p-3"
              data-testid="price-list-product"
            >
              <div className="grid gap-2 sm:grid-cols-[1fr_8rem_8rem_auto]">
                {chooser(
                  t("lists.product"),
                  row.product_id,
                  choices.data?.products,
                  (v) => setProduct(i, { product_id: v }),
                  `products.${i}.product_id`,
                )}
                {figure(
                  t("lists.pricePerKg"),
                  row.price_per_kg,
                  (v) => setProduct(i, { price_per_kg: v }),
                  `products.${i}.price_per_kg`,
                )}
                {figure(
                  t("lists.minKg"),
                  row.min_kg,
                  (v) => setProduct(i, { min_kg: v }),
                  `products.${i}.min_grams`,
                )}
                {removeButton(
                  () => setDraft((d) => ({ ...d, products: d.products.filter((_, j) => j !== i) })),
                  "btn btn-outline self-end",
                )}
              </div>
              <div className="grid gap-2 ps-4">
                <p className="text-sm text-muted">{t("lists.tiers")}</p>
                {row.tiers.map((tier, k) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no id
                    key={k}
                    className="flex flex-wrap items-end gap-2"
                    data-testid="price-list-tier"
                  >
                    {figure(
                      t("lists.fromKg"),
                      tier.from_kg,
                      (v) =>
                        setProduct(i, {
                          tiers: row.tiers.map((x, m) => (m === k ? { ...x, from_kg: v } : x)),
                        }),
                      `products.${i}.tiers.${k}.from_grams`,
                      { className: "input w-28" },
                    )}
                    {figure(
                      t("lists.pricePerKg"),
                      tier.price_per_kg,
                      (v) =>
                        setProduct(i, {
                          tiers: row.tiers.map((x, m) => (m === k ? { ...x, price_per_kg: v } : x)),
                        }),
                      `products.${i}.tiers.${k}.price_per_kg`,
                      { className: "input w-28" },
                    )}
                    {removeButton(() =>
                      setProduct(i, { tiers: row.tiers.filter((_, m) => m !== k) }),
                    )}
                  </div>
                ))}
                <button
                  type="button"
                  className="btn btn-outline justify-self-start"
                  data-testid="price-list-add-tier"
                  onClick={() =>
                    setProduct(i, { tiers: [...row.tiers, { from_kg: "", price_per_kg: "" }] })
                  }
                >
                  {t("lists.addTier")}
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-outline justify-self-start"
            data-testid="price-list-add-product"
            onClick={() =>
              setDraft((d) => ({
                ...d,
                products: [
                  ...d.products,
                  { product_id: "", price_per_kg: "", min_kg: "0", tiers: [] },
                ],
              }))
            }
          >
            {t("lists.addProduct")}
          </button>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="font-bold">{t("lists.categories")}</legend>
          {draft.categories.map((row, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
              key={i}
              className="flex flex-wrap items-end gap-2"
              data-testid="price-list-category"
            >
              {chooser(
                t("lists.category"),
                row.category_id,
                choices.data?.categories,
                (v) => setCategory(i, { category_id: v }),
                `categories.${i}.category_id`,
              )}
              {figure(
                t("lists.percentOff"),
                row.percent_off,
                (v) => setCategory(i, { percent_off: v }),
                `categories.${i}.percent_off`,
                { className: "input w-24", numeric: true },
              )}
              {removeButton(() =>
                setDraft((d) => ({ ...d, categories: d.categories.filter((_, j) => j !== i) })),
              )}
            </div>
          ))}
          <button
            type="button"
            className="btn btn-outline justify-self-start"
            data-testid="price-list-add-category"
            onClick={() =>
              setDraft((d) => ({
                ...d,
                categories: [...d.categories, { category_id: "", percent_off: "" }],
              }))
            }
          >
            {t("lists.addCategory")}
          </button>
        </fieldset>

        {message ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {text(message)}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={save.isPending}
            data-testid="price-list-save"
          >
            {t("lists.save")}
          </button>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("lists.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
