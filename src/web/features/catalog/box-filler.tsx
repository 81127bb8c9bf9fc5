import { useId, useState } from "react";
import { Form } from "react-router";
import {
  type BoxDtoShape as BoxDto,
  type BoxFill,
  boxFromDto,
  boxPriceCents,
  filledGrams,
  gramChoices,
} from "../../../shared/domain/boxes.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";

import { Price } from "../../components/ui/price.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import type { OnAddToCart } from "./product-detail.tsx";

/** A sweet the box allows, as the product page shows it. */
export type BoxSweet = {
  id: number;
  name: string;
  name_ar: string;
  /** What a kilo costs a shopper now (discount applied), dollars. */
  price: number;
  in_stock: boolean;
};

/**
 * The box's own order form: a size, then grams of each allowed sweet in the box's steps until
 * the box is full; what is left and the price follow every choice. It is a real form posted to
 * the product page, so without JavaScript each "Update the box" re-renders it filled as chosen;
 * with JavaScript it updates as the shopper picks, and "Add the box" puts it in the cart.
 */
export function BoxFiller({
  product,
  box,
  sweets,
  initial,
  onAddToCart,
  addedWithoutScript = false,
}: {
  product: { id: number; name: string; name_ar: string; image: string };
  box: BoxDto;
  sweets: readonly BoxSweet[];
  initial: BoxFill;
  onAddToCart: OnAddToCart;
  /** The form was posted with "Add" by a browser without JavaScript. */
  addedWithoutScript?: boolean;
}) {
  const { t } = useTranslation("product");
  const lang = useLang();
  const { show, toast } = useToast();
  const rules = boxFromDto(box);
  const [fill, setFill] = useState<BoxFill>(initial);
  const sizeId = useId();
  const statusId = useId();
  const gramsOf = (id: number) => fill.contents.find((c) => c.productId === id)?.grams ?? 0;
  const left = fill.size - filledGrams(fill.contents);
  const full = left === 0 && fill.contents.length > 0;
  const perKg = new Map(sweets.map((s) => [s.id, toCents(s.price)]));
  const price = centsToDollars(boxPriceCents(rules, fill.size, fill.contents, perKg));

  const setGrams = (id: number, grams: number) =>
    setFill((now) => ({
      ...now,
      contents: [
        ...now.contents.filter((c) => c.productId !== id),
        ...(grams > 0 ? [{ productId: id, grams }] : []),
      ].sort((a, b) => a.productId - b.productId),
    }));

  const add = () => {
    onAddToCart({
      productId: String(product.id),
      qty: 1,
      grams: fill.size,
      contents: fill.contents.map((c) => {
        const sweet = sweets.find((s) => s.id === c.productId);
        return {
          productId: c.productId,
          grams: c.grams,
          name: sweet?.name ?? "",
          name_ar: sweet?.name_ar ?? "",
        };
      }),
      productSnapshot: {
        name: product.name,
        name_ar: product.name_ar,
        price,
        image: product.image,
      },
    });
    show(t("addedToCart"));
  };

  return (
    <Form
      method="post"
      className="mt-6 space-y-5"
      data-testid="box-filler"
      preventScrollReset
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value !== "add") return;
        event.preventDefault();
        if (full) add();
      }}
    >
      <h2 className="text-xl font-bold text-brown">{t("box.title")}</h2>
      <div>
        <label htmlFor={sizeId} className="mb-2 block font-bold">
          {t("box.size")}
        </label>
        <select
          id={sizeId}
          name="size"
          value={fill.size}
          onChange={(e) => setFill((now) => ({ ...now, size: Number(e.target.value) }))}
          className="field w-40"
        >
          {box.sizes.map((s) => (
            <option key={s.grams} value={s.grams}>
              {optionLabel(s.grams, lang)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-2 font-bold">{t("box.sweets")}</legend>
        <ul className="space-y-2">
          {sweets.map((sweet) => {
            const current = gramsOf(sweet.id);
            const id = `box-sweet-${sweet.id}`;
            return (
              <li key={sweet.id} className="flex flex-wrap items-center justify-between gap-3">
                <label htmlFor={id}>
                  {pickText(lang, sweet.name, sweet.name_ar)}{" "}
                  <span className="text-sm text-muted">
                    (<Price amount={sweet.price} lang={lang} display /> / {optionLabel(1000, lang)})
                  </span>
                </label>
                <select
                  id={id}
                  name={`sweet_${sweet.id}`}
                  value={current}
                  disabled={!sweet.in_stock}
                  onChange={(e) => setGrams(sweet.id, Number(e.target.value))}
                  className="field w-32"
                >
                  {gramChoices(rules, fill.size, current, left).map((g) => (
                    <option key={g} value={g}>
                      {g === 0 ? t("box.none") : optionLabel(g, lang)}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p id={statusId} role="status" className="font-semibold" data-testid="box-status">
        {full
          ? t("box.full")
          : left > 0
            ? t("box.left", { weight: optionLabel(left, lang) })
            : t("box.over", { weight: optionLabel(-left, lang) })}
      </p>
      <p>
        {t("box.price")}: <Price className="text-xl" amount={price} lang={lang} display />
      </p>
      {addedWithoutScript ? (
        <p className="text-sm" role="alert">
          {t("box.needsScript")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="update" className="btn btn-outline">
          {t("box.update")}
        </button>
        <button
          type="submit"
          name="intent"
          value="add"
          className="btn btn-primary px-8"
          disabled={!full}
          aria-describedby={statusId}
        >
          {t("box.add")}
        </button>
      </div>
      {toast}
    </Form>
  );
}
