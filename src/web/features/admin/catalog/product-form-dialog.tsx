import { useEffect, useMemo, useRef, useState } from "react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { boxFormText, boxFromFormText } from "../../../../shared/domain/boxes.ts";
import { UPLOAD_IMAGE_ACCEPT } from "../../../../shared/domain/catalog.ts";
import { LOW_STOCK_MESSAGES } from "../../../../shared/domain/low-stock.ts";
import { formatMoney, type Lang, toCents } from "../../../../shared/domain/money.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import { optionLabel, optionPrices } from "../../../../shared/domain/weight-options.ts";
import { type AdminProduct, productInputSchema } from "../../../../shared/schemas/admin-catalog.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useCategories } from "./api/list-categories.ts";
import { useSaveProduct } from "./api/save-product.ts";
import {
  FOOD_FIELDS,
  type FoodFormValues,
  foodValuesOf,
  ProductFoodFields,
} from "./product-food-fields.tsx";

/** The fields sent as their inputs hold them; the rest are converted first or are files. */
const TEXT_FIELDS = [
  "name",
  "name_ar",
  "description",
  "description_ar",
  "price",
  "discount_price",
  "category_id",
  "sku",
  "stock_kg",
  "low_stock_kg",
] as const;

const FIELDS = [
  ...TEXT_FIELDS,
  "active",
  "weight_options",
  "images",
  "image",
  "image_order",
] as const;

// The product's low-stock threshold (the settings screen registers the shop's).
registerMessages(
  { THRESHOLD: LOW_STOCK_MESSAGES.THRESHOLD },
  (id) => `admin-products:errors.${id}`,
);

/** The form as the inputs hold it: text, parsed by the shared schema on save. */
type FormValues = {
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  price: string;
  discount_price: string;
  category_id: string;
  sku: string;
  stock_kg: string;
  /** Empty = the shop's default. */
  low_stock_kg: string;
  active: boolean;
  weight_options: { grams: string; price: string }[];
  /** Only carries the images' server errors. */
  images: string;
  food: FoodFormValues;
  /** A mixed box: "500=25, 1000", the step, the allowed sweets' ids; all empty = not a box. */
  box_sizes: string;
  box_step: string;
  box_products: string;
};

type ImageItem =
  | { kind: "existing"; key: string; id: number; url: string }
  | { kind: "new"; key: string; file: File; url: string };

/** Where a box problem (`box.sizes.0.grams`) shows: on the input that holds that part. */
const boxInput = (path: string): string =>
  path.startsWith("box.step")
    ? "box_step"
    : path.startsWith("box.product")
      ? "box_products"
      : path === "box" || path.startsWith("box.")
        ? "box_sizes"
        : path;

const str = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

const valuesOf = (p: AdminProduct | null): FormValues => ({
  name: p?.name ?? "",
  name_ar: p?.name_ar ?? "",
  description: p?.description ?? "",
  description_ar: p?.description_ar ?? "",
  price: str(p?.price),
  discount_price: str(p?.discount_price),
  category_id: str(p?.category_id),
  sku: p?.sku ?? "",
  stock_kg: str(p?.stock_kg),
  low_stock_kg: str(p?.low_stock_kg),
  active: p?.active ?? true,
  weight_options: p
    ? p.weight_options.map((o) => ({ grams: String(o.grams), price: str(o.price) }))
    : [{ grams: "1000", price: "" }],
  images: "",
  food: foodValuesOf(p?.food),
  ...boxFormText(p?.box ?? null),
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new product. */
  product: AdminProduct | null;
};

/** Add or edit a product: bilingual texts, prices, category, weights, stock, photos, history. */
export function ProductFormDialog({ open, onOpenChange, product }: Props) {
  const { t } = useTranslation("admin-products");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? t("editTitle") : t("addTitle")}
      size="lg"
      testId="product-dialog"
    >
      <ProductForm
        key={product?.id ?? "new"}
        product={product}
        onDone={() => onOpenChange(false)}
      />
      {product ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="product" entityId={product.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function ProductForm({ product, onDone }: { product: AdminProduct | null; onDone: () => void }) {
  const { t, i18n } = useTranslation("admin-products");
  const lang: Lang = i18n.language === "ar" ? "ar" : "en";
  const save = useSaveProduct();
  const categories = useCategories({ search: "", page: 1, per_page: 100 });
  const [progress, setProgress] = useState<number | null>(null);
  const [images, setImages] = useState<ImageItem[]>(() =>
    (product?.images ?? []).map((i) => ({
      kind: "existing",
      key: `e${i.id}`,
      id: i.id,
      url: i.url,
    })),
  );
  const form = useForm<FormValues>({ defaultValues: valuesOf(product) });
  const options = useFieldArray({ control: form.control, name: "weight_options" });
  const watched = useWatch({ control: form.control });

  // Object URLs of the new files' previews are released when the form closes.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const added: ImageItem[] = Array.from(files).map((file, index) => ({
      kind: "new",
      key: `n${Date.now()}-${index}-${file.name}`,
      file,
      url: URL.createObjectURL(file),
    }));
    for (const item of added) previews.current.add(item.url);
    setImages((list) => [...list, ...added]);
  };
  const move = (index: number, to: number) =>
    setImages((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(to, 0, item!);
      return next;
    });
  const removeImage = (index: number) => setImages((list) => list.filter((_, i) => i !== index));

  const pricePreview = useMemo(() => {
    const price = Number(watched.price);
    if (watched.price === "" || !Number.isFinite(price) || price < 0) return null;
    const discount = Number(watched.discount_price);
    const opts = (watched.weight_options ?? []).map((o) => ({
      grams: Number(o?.grams),
      price: o?.price === "" || o?.price === undefined ? null : Number(o.price),
    }));
    if (opts.some((o) => !Number.isInteger(o.grams) || o.grams <= 0)) return null;
    return optionPrices({
      pricePerKgCents: toCents(price),
      discountPerKgCents:
        watched.discount_price && Number.isFinite(discount) ? toCents(discount) : null,
      options: opts.map((o) => ({
        grams: o.grams,
        priceCents: o.price === null || !Number.isFinite(o.price) ? null : toCents(o.price),
      })),
    });
  }, [watched.price, watched.discount_price, watched.weight_options]);

  const required = [watched.name, watched.price, watched.category_id];
  const missingRequired = required.some((v) => typeof v !== "string" || v.trim() === "");

  /** What is checked and sent: each weight row with its grams and price only. */
  const inputOf = (values: FormValues) => ({
    ...values,
    weight_options: values.weight_options.map((o) => ({ grams: o.grams, price: o.price })),
    box: boxFromFormText(values.box_sizes, values.box_step, values.box_products),
  });

  const { banner, onSubmit } = useRecordForm({
    form,
    fields: (values) => [
      ...FIELDS.filter((f): f is keyof FormValues & (typeof FIELDS)[number] => f in values),
      ...FOOD_FIELDS,
      "box_sizes",
      "box_step",
      "box_products",
    ],
    // The inputs hold text: the shared schema parses them here, and nothing is sent until it
    // passes. Each field shows its first problem; the last attempt's errors are cleared first.
    check: (values) => {
      form.clearErrors();
      const parsed = productInputSchema.safeParse(inputOf(values));
      if (parsed.success) return true;
      for (const issue of parsed.error.issues) {
        const name = boxInput(issue.path.map(String).join(".")) as keyof FormValues;
        if (!form.getFieldState(name).error) form.setError(name, { message: issue.message });
      }
      return false;
    },
    save: async (values) => {
      const body = new FormData();
      for (const key of TEXT_FIELDS) body.append(key, values[key]);
      body.append("active", values.active ? "true" : "false");
      body.append("weight_options", JSON.stringify(inputOf(values).weight_options));
      body.append("food", JSON.stringify(values.food));
      body.append("box", JSON.stringify(inputOf(values).box));
      let n = 0;
      const order = images.map((item) => (item.kind === "existing" ? item.id : `new:${n++}`));
      body.append("image_order", JSON.stringify(order));
      for (const item of images) if (item.kind === "new") body.append("images", item.file);
      // The upload's progress shows while it runs, and goes once it has ended either way.
      setProgress(0);
      try {
        await save.mutateAsync({ id: product?.id ?? null, form: body, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
    doneText: product ? t("updated") : t("added"),
    failText: product ? MESSAGES.PRODUCT_UPDATE_FAILED : MESSAGES.PRODUCT_ADD_FAILED,
    onDone,
  });

  const errors = form.formState.errors;
  const categoryOptions = (categories.data?.data ?? []).map((c) => ({
    value: String(c.id),
    label: lang === "ar" && c.name_ar ? c.name_ar : c.name,
  }));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField form={form} names={["name", "name_ar"]} label={t("name")} required />
      <BilingualField
        form={form}
        names={["description", "description_ar"]}
        label={t("description")}
        as="textarea"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("price")}
          hint={t("perKg")}
          inputMode="decimal"
          dir="ltr"
          required
          error={errors.price}
          {...form.register("price")}
        />
        <Field
          label={t("discountPrice")}
          hint={t("discountHint")}
          inputMode="decimal"
          dir="ltr"
          error={errors.discount_price}
          {...form.register("discount_price")}
        />
        <Field
          as="select"
          label={t("category")}
          required
          placeholder={t("chooseCategory")}
          options={categoryOptions}
          error={errors.category_id}
          {...form.register("category_id")}
        />
        <Field
          label={t("sku")}
          hint={t("skuHint")}
          dir="ltr"
          error={errors.sku}
          {...form.register("sku")}
        />
        <Field
          label={t("stock")}
          hint={t("stockHint")}
          inputMode="decimal"
          dir="ltr"
          error={errors.stock_kg}
          {...form.register("stock_kg")}
        />
        <Field
          label={t("lowStock")}
          hint={t("lowStockHint")}
          inputMode="decimal"
          dir="ltr"
          error={errors.low_stock_kg}
          {...form.register("low_stock_kg")}
        />
        <Field
          as="checkbox"
          label={t("active")}
          hint={t("activeHint")}
          {...form.register("active")}
        />
      </div>

      <fieldset className="flex flex-col gap-2 rounded border border-line p-3">
        <legend className="px-1 font-semibold">{t("weights")}</legend>
        <p className="text-sm text-muted">{t("weightsHint")}</p>
        {options.fields.map((field, index) => (
          <div
            key={field.id}
            className="flex flex-wrap items-end gap-3"
            data-testid="weight-option"
          >
            <Field
              label={t("grams")}
              inputMode="numeric"
              dir="ltr"
              className="w-28"
              error={errors.weight_options?.[index]?.grams}
              {...form.register(`weight_options.${index}.grams`)}
            />
            <Field
              label={t("optionPrice")}
              inputMode="decimal"
              dir="ltr"
              className="w-32"
              error={errors.weight_options?.[index]?.price}
              {...form.register(`weight_options.${index}.price`)}
            />
            <p className="pb-2 text-sm" aria-live="polite">
              {pricePreview?.[index] ? (
                <>
                  <span>{optionLabel(pricePreview[index].grams, lang)}</span>
                  {`: ${t("shopperPays")} `}
                  <bdi dir="ltr" data-testid="option-cost">
                    {formatMoney(pricePreview[index].effectiveCents, lang)}
                  </bdi>
                </>
              ) : null}
            </p>
            <button
              type="button"
              className="btn px-3 py-1 text-red-700 hover:bg-red-50"
              onClick={() => options.remove(index)}
              disabled={options.fields.length <= 1}
              aria-label={t("removeWeight", { n: index + 1 })}
            >
              {t("remove")}
            </button>
          </div>
        ))}
        <ErrorList
          messages={[errors.weight_options?.message ?? errors.weight_options?.root?.message]}
        />
        <div>
          <button
            type="button"
            className="btn btn-outline px-3 py-1"
            onClick={() => options.append({ grams: "", price: "" })}
            disabled={options.fields.length >= 20}
          >
            {t("addWeight")}
          </button>
        </div>
      </fieldset>

      <ProductFoodFields form={form} lang={lang} />

      <fieldset className="flex flex-col gap-2 rounded border border-line p-3">
        <legend className="px-1 font-semibold">{t("box.title")}</legend>
        <p className="text-sm text-muted">{t("box.hint")}</p>
        <Field
          label={t("box.sizes")}
          hint={t("box.sizesHint")}
          dir="ltr"
          error={errors.box_sizes}
          {...form.register("box_sizes")}
        />
        <Field
          label={t("box.step")}
          inputMode="numeric"
          dir="ltr"
          error={errors.box_step}
          {...form.register("box_step")}
        />
        <Field
          label={t("box.products")}
          hint={t("box.productsHint")}
          dir="ltr"
          error={errors.box_products}
          {...form.register("box_products")}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-2 rounded border border-line p-3">
        <legend className="px-1 font-semibold">{t("images")}</legend>
        <Field
          as="file"
          label={t("addImages")}
          hint={t("imagesHint")}
          accept={UPLOAD_IMAGE_ACCEPT}
          multiple
          error={errors.images}
          onChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
        {images.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("images")}>
            {images.map((item, index) => (
              <li
                key={item.key}
                className="flex flex-col gap-1 rounded border border-line p-2"
                data-testid="image-item"
              >
                <img
                  src={item.url}
                  alt={t("imageN", { n: index + 1 })}
                  className="aspect-square w-full rounded object-cover"
                />
                {index === 0 ? (
                  <span className="text-xs font-bold text-brown">{t("mainImage")}</span>
                ) : (
                  <button
                    type="button"
                    className="text-start text-xs underline"
                    onClick={() => move(index, 0)}
                  >
                    {t("makeMain")}
                  </button>
                )}
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="btn px-2 py-0.5 text-xs"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={t("moveEarlier", { n: index + 1 })}
                  >
                    {t("earlier")}
                  </button>
                  <button
                    type="button"
                    className="btn px-2 py-0.5 text-xs"
                    disabled={index === images.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={t("moveLater", { n: index + 1 })}
                  >
                    {t("later")}
                  </button>
                  <button
                    type="button"
                    className="btn px-2 py-0.5 text-xs text-red-700"
                    onClick={() => removeImage(index)}
                    aria-label={t("removeImage", { n: index + 1 })}
                  >
                    {t("remove")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      {progress !== null ? (
        <div className="flex items-center gap-2">
          <progress
            className="h-2 flex-1"
            max={1}
            value={progress}
            aria-label={t("uploading")}
            data-testid="upload-progress"
          />
          <span dir="ltr" className="text-sm tabular-nums">
            {Math.round(progress * 100)}%
          </span>
        </div>
      ) : null}
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={save.isPending}
        disabled={missingRequired}
      />
    </form>
  );
}
