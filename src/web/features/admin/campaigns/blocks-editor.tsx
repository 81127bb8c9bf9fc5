import {
  CAMPAIGN_BLOCK_TYPES,
  type CampaignBlock,
  type CampaignBlockType,
} from "../../../../shared/domain/campaigns.ts";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

/** A product the product and image blocks may choose (the catalogue's first page of products). */
export type PickableProduct = {
  id: number;
  name: string;
  name_ar: string;
  image_url: string | null;
};

/** An empty block of a kind, as the Add buttons put it at the end. */
export function emptyBlock(type: CampaignBlockType): CampaignBlock {
  switch (type) {
    case "heading":
    case "paragraph":
      return { type, text: "" };
    case "link":
      return { type, text: "", url: "" };
    case "image":
      return { type, url: "", alt: "" };
    case "product":
      return { type, product_id: 0 };
  }
}

type Props = {
  /** `body` or `body_ar`: the field the server's errors are keyed by (`body.2.url`). */
  name: "body" | "body_ar";
  /** The language the blocks are written in (the text controls take its direction). */
  lang: "en" | "ar";
  legend: string;
  blocks: CampaignBlock[];
  onChange: (blocks: CampaignBlock[]) => void;
  /** Errors by field path (`body`, `body.0.text`). */
  errors: Record<string, string | undefined>;
  products: readonly PickableProduct[];
};

/**
 * One language's body: its blocks in order, each with its own controls and buttons to move it
 * up, down or out; Add buttons at the end. Everything is a plain controlled field: the form
 * owns the list, so the order the owner sees is the order sent.
 */
export function BlocksEditor({ name, lang, legend, blocks, onChange, errors, products }: Props) {
  const { t } = useTranslation("admin-campaigns");
  const text = useMessageText();
  const dir = lang === "ar" ? "rtl" : "ltr";
  const set = (i: number, block: CampaignBlock) =>
    onChange(blocks.map((b, j) => (j === i ? block : b)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...blocks];
    const [block] = next.splice(i, 1);
    next.splice(i + by, 0, block!);
    onChange(next);
  };
  const err = (path: string) => {
    const message = errors[path];
    return message ? { message } : undefined;
  };
  const productName = (p: PickableProduct) => (lang === "ar" && p.name_ar ? p.name_ar : p.name);
  const images = products.filter((p) => p.image_url);

  return (
    <fieldset className="grid gap-3" data-testid={`blocks-${name}`}>
      <legend className="font-semibold">{legend}</legend>
      {errors[name] ? (
        <p role="alert" className="text-sm text-red-700">
          {text(errors[name])}
        </p>
      ) : null}
      <ol className="grid gap-3">
        {blocks.map((block, i) => {
          const n = i + 1;
          const kind = t(`blockTypes.${block.type}`);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a block has no id; its place is its identity
              key={i}
              className="grid gap-2 rounded-lg border border-line p-3"
              data-testid="campaign-block"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{t("blockNumbered", { n, kind })}</span>
                <span className="ms-auto flex gap-1">
                  <button
                    type="button"
                    className="btn btn-outline px-2 py-1 text-sm"
                    disabled={i === 0}
                    aria-label={t("moveUp", { n, kind })}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline px-2 py-1 text-sm"
                    disabled={i === blocks.length - 1}
                    aria-label={t("moveDown", { n, kind })}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline px-2 py-1 text-sm"
                    aria-label={t("removeBlock", { n, kind })}
                    onClick={() => onChange(blocks.filter((_, j) => j !== i))}
                  >
                    {t("remove")}
                  </button>
                </span>
              </div>
              {block.type === "heading" ? (
                <Field
                  label={t("headingText", { n })}
                  dir={dir}
                  value={block.text}
                  error={err(`${name}.${i}.text`)}
                  onChange={(e) => set(i, { ...block, text: e.currentTarget.value })}
                />
              ) : null}
              {block.type === "paragraph" ? (
                <Field
                  as="textarea"
                  label={t("paragraphText", { n })}
                  dir={dir}
                  rows={4}
                  value={block.text}
                  error={err(`${name}.${i}.text`)}
                  onChange={(e) => set(i, { ...block, text: e.currentTarget.value })}
                />
              ) : null}
              {block.type === "link" ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  <Field
                    label={t("linkText", { n })}
                    dir={dir}
                    value={block.text}
                    error={err(`${name}.${i}.text`)}
                    onChange={(e) => set(i, { ...block, text: e.currentTarget.value })}
                  />
                  <Field
                    label={t("linkUrl", { n })}
                    hint={t("linkUrlHint")}
                    dir="ltr"
                    value={block.url}
                    error={err(`${name}.${i}.url`)}
                    onChange={(e) => set(i, { ...block, url: e.currentTarget.value })}
                  />
                </div>
              ) : null}
              {block.type === "image" ? (
                <div className="grid gap-2 sm:grid-cols-2">
                  <Field
                    as="select"
                    label={t("imageChoice", { n })}
                    hint={t("imageHint")}
                    placeholder={t("choose")}
                    options={images.map((p) => ({
                      value: p.image_url ?? "",
                      label: productName(p),
                    }))}
                    value={block.url}
                    error={err(`${name}.${i}.url`)}
                    onChange={(e) => set(i, { ...block, url: e.currentTarget.value })}
                  />
                  <Field
                    label={t("imageAlt", { n })}
                    dir={dir}
                    value={block.alt}
                    error={err(`${name}.${i}.alt`)}
                    onChange={(e) => set(i, { ...block, alt: e.currentTarget.value })}
                  />
                  {block.url ? (
                    <img src={block.url} alt="" className="h-20 w-auto rounded sm:col-span-2" />
                  ) : null}
                </div>
              ) : null}
              {block.type === "product" ? (
                <Field
                  as="select"
                  label={t("productChoice", { n })}
                  placeholder={t("choose")}
                  options={products.map((p) => ({ value: String(p.id), label: productName(p) }))}
                  value={block.product_id ? String(block.product_id) : ""}
                  error={err(`${name}.${i}.product_id`)}
                  onChange={(e) =>
                    set(i, { ...block, product_id: Number(e.currentTarget.value) || 0 })
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {CAMPAIGN_BLOCK_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className="btn btn-outline px-2 py-1 text-sm"
            onClick={() => onChange([...blocks, emptyBlock(type)])}
          >
            {t(`addBlock.${type}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
