// Mixed boxes by weight: a box product comes in sizes (500 g, 1 kg...), each with its own price
// or priced by what is in it; the shopper fills it with the sweets the owner allows, in steps
// of the box's step, until the contents weigh exactly the size. Pure: the product page, the
// order API and the tests share these rules.
import { type Cents, type Lang, toCents } from "./money.ts";
import { optionLabel } from "./weight-options.ts";

export type BoxSize = {
  grams: number;
  /** The box's own price; null = priced by its contents (each sweet's grams at its kilo price). */
  priceCents: Cents | null;
};

export type BoxDefinition = {
  sizes: BoxSize[];
  /** Every sweet's grams in the box are a multiple of this. */
  stepGrams: number;
  /** The sweets allowed in the box. */
  productIds: number[];
};

export type BoxContent = { productId: number; grams: number };

/** The most sweets one box holds, and the most sizes and allowed sweets a box is given. */
export const BOX_MAX_CONTENTS = 20;
export const BOX_MAX_SIZES = 6;
export const BOX_MAX_PRODUCTS = 50;
export const BOX_MIN_STEP = 10;
export const BOX_MAX_GRAMS = 20_000;

export const BOX_MESSAGES = {
  SIZE_UNKNOWN: "Choose one of this box's sizes.",
  CONTENTS_REQUIRED: "Fill the box with at least one sweet.",
  NOT_ALLOWED: "This sweet cannot go in this box.",
  OFF_STEP: "Each sweet's weight must be a multiple of the box's step.",
  NOT_FULL: "The box's contents must weigh exactly its size.",
  NOT_A_BOX: "Only a box holds other sweets.",
  TOO_MANY: `A box holds at most ${BOX_MAX_CONTENTS} different sweets.`,
} as const;

export const BOX_MESSAGES_AR: Record<keyof typeof BOX_MESSAGES, string> = {
  SIZE_UNKNOWN: "اختر أحد أحجام هذه العلبة.",
  CONTENTS_REQUIRED: "املأ العلبة بصنف واحد على الأقل.",
  NOT_ALLOWED: "لا يمكن وضع هذا الصنف في هذه العلبة.",
  OFF_STEP: "يجب أن يكون وزن كل صنف من مضاعفات خطوة العلبة.",
  NOT_FULL: "يجب أن يساوي وزن محتويات العلبة حجمها تماماً.",
  NOT_A_BOX: "الأصناف توضع في العلب فقط.",
  TOO_MANY: `تتسع العلبة لـ ${BOX_MAX_CONTENTS} صنفاً مختلفاً على الأكثر.`,
};

export const boxMessage = (key: keyof typeof BOX_MESSAGES, lang: Lang): string =>
  lang === "ar" ? BOX_MESSAGES_AR[key] : BOX_MESSAGES[key];

/**
 * One entry per sweet, in id order, zero weights dropped: two picks of one sweet are one line,
 * and two boxes of the same sweets and grams are the same box however they were filled.
 */
export function normaliseContents(contents: readonly BoxContent[]): BoxContent[] {
  const grams = new Map<number, number>();
  for (const c of contents) grams.set(c.productId, (grams.get(c.productId) ?? 0) + c.grams);
  return [...grams]
    .filter(([, g]) => g > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([productId, g]) => ({ productId, grams: g }));
}

/** A stable name for a box's contents: "3x400,7x600". Two equal boxes have equal keys. */
export function contentsKey(contents: readonly BoxContent[]): string {
  return normaliseContents(contents)
    .map((c) => `${c.productId}x${c.grams}`)
    .join(",");
}

export const filledGrams = (contents: readonly BoxContent[]): number =>
  contents.reduce((sum, c) => sum + c.grams, 0);

/** Grams still to fill (0 when full; negative when over). */
export const remainingGrams = (sizeGrams: number, contents: readonly BoxContent[]): number =>
  sizeGrams - filledGrams(contents);

export type BoxProblemKey = keyof typeof BOX_MESSAGES;

/**
 * What is wrong with a filled box, all at once, keyed like the order line's fields: `grams`
 * (not one of the sizes), `contents` (empty, too many, not full), `contents.N` (that sweet is
 * not allowed or its grams are off the step). Empty = the box can be ordered.
 */
export function boxProblems(
  box: BoxDefinition,
  sizeGrams: number,
  contents: readonly BoxContent[],
): Record<string, BoxProblemKey[]> {
  const problems: Record<string, BoxProblemKey[]> = {};
  const add = (key: string, problem: BoxProblemKey) => {
    problems[key] = [...(problems[key] ?? []), problem];
  };
  if (!box.sizes.some((s) => s.grams === sizeGrams)) add("grams", "SIZE_UNKNOWN");
  if (contents.length === 0) add("contents", "CONTENTS_REQUIRED");
  if (contents.length > BOX_MAX_CONTENTS) add("contents", "TOO_MANY");
  contents.forEach((c, index) => {
    if (!box.productIds.includes(c.productId)) add(`contents.${index}`, "NOT_ALLOWED");
    if (!Number.isInteger(c.grams) || c.grams <= 0 || c.grams % box.stepGrams !== 0)
      add(`contents.${index}`, "OFF_STEP");
  });
  if (contents.length > 0 && filledGrams(contents) !== sizeGrams) add("contents", "NOT_FULL");
  return problems;
}

/**
 * The price of one filled box: the size's own price, or (priced by its contents) each sweet's
 * grams at its kilo price as a shopper pays it, each rounded to the cent.
 */
export function boxPriceCents(
  box: BoxDefinition,
  sizeGrams: number,
  contents: readonly BoxContent[],
  perKgCents: ReadonlyMap<number, Cents>,
): Cents {
  const size = box.sizes.find((s) => s.grams === sizeGrams);
  if (size && size.priceCents !== null) return size.priceCents;
  return contentsPriceCents(contents, perKgCents);
}

/** What the sweets in a box cost at their kilo prices (the live price while filling). */
export function contentsPriceCents(
  contents: readonly BoxContent[],
  perKgCents: ReadonlyMap<number, Cents>,
): Cents {
  return contents.reduce(
    (sum, c) => sum + Math.round(((perKgCents.get(c.productId) ?? 0) * c.grams) / 1000),
    0,
  );
}

/**
 * What the owner's box definition breaks, keyed like the form's fields: sizes that are not
 * whole grams, repeated, or not a multiple of the step, and no allowed sweets. Empty = saveable.
 */
export function boxDefinitionProblems(box: BoxDefinition): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  box.sizes.forEach((size, index) => {
    if (size.grams % box.stepGrams !== 0)
      errors[`box.sizes.${index}.grams`] = ["A box size must be a multiple of the step."];
    else if (seen.has(size.grams))
      errors[`box.sizes.${index}.grams`] = ["Each box size is given once."];
    seen.add(size.grams);
  });
  if (new Set(box.productIds).size !== box.productIds.length)
    errors["box.product_ids"] = ["Each sweet is listed once."];
  return errors;
}

/**
 * The next grams to offer for one sweet while filling: from one step up to what is left
 * (plus what the sweet already has), in steps. The product page's choice list.
 */
export function gramChoices(box: BoxDefinition, sizeGrams: number, current: number, left: number) {
  const most = Math.min(sizeGrams, current + Math.max(0, left));
  const choices: number[] = [];
  for (let g = 0; g <= most; g += box.stepGrams) choices.push(g);
  return choices;
}

/** How a box is kept with its product: the owner's definition, prices in cents. */
export type StoredBox = {
  sizes: { grams: number; price_cents: Cents | null }[];
  step_grams: number;
  product_ids: number[];
};

export const boxFromStored = (stored: StoredBox): BoxDefinition => ({
  sizes: stored.sizes.map((s) => ({ grams: s.grams, priceCents: s.price_cents })),
  stepGrams: stored.step_grams,
  productIds: [...stored.product_ids],
});

export const boxToStored = (box: BoxDefinition): StoredBox => ({
  sizes: box.sizes.map((s) => ({ grams: s.grams, price_cents: s.priceCents })),
  step_grams: box.stepGrams,
  product_ids: [...box.productIds],
});

/** One sweet in an ordered box, with its names as they were when ordered. */
export type OrderLineContent = {
  productId: number | null;
  nameEn: string;
  nameAr: string;
  grams: number;
};

/**
 * The grams an order takes from each product's stock: an ordinary line its grams x qty, a box
 * line each sweet's grams x qty and nothing of the box product itself (a box is made of its
 * sweets; it has no stock of its own). Placing an order takes these, cancelling puts them back.
 */
export function stockTaken(
  lines: ReadonlyArray<{
    productId: number | null;
    grams: number;
    qty: number;
    contents?: ReadonlyArray<{ productId: number | null; grams: number }> | null;
  }>,
): Map<number, number> {
  const taken = new Map<number, number>();
  const add = (id: number | null, grams: number) => {
    if (id !== null) taken.set(id, (taken.get(id) ?? 0) + grams);
  };
  for (const line of lines) {
    if (line.contents && line.contents.length > 0)
      for (const c of line.contents) add(c.productId, c.grams * line.qty);
    else add(line.productId, line.grams * line.qty);
  }
  return taken;
}

/** A box's contents in one line of text: "Baklava 400 g, Maamoul 300 g". */
export function contentsText(
  contents: ReadonlyArray<{ nameEn: string; nameAr: string; grams: number }>,
  lang: Lang,
): string {
  return contents
    .map((c) => `${lang === "ar" && c.nameAr ? c.nameAr : c.nameEn} ${optionLabel(c.grams, lang)}`)
    .join(lang === "ar" ? "، " : ", ");
}

/** The same for a box as the order DTO gives it (`name`, `name_ar`). */
export const dtoContentsText = (
  contents: ReadonlyArray<{ name: string; name_ar: string; grams: number }>,
  lang: Lang,
): string =>
  contentsText(
    contents.map((c) => ({ nameEn: c.name, nameAr: c.name_ar, grams: c.grams })),
    lang,
  );

/** A box being filled: the size chosen and the grams of each allowed sweet (0 = none). */
export type BoxFill = { size: number; contents: BoxContent[] };

/**
 * The box form's fields (`size`, `sweet_<id>` = grams) as a fill: an unknown size falls back
 * to the first, sweets not allowed and unreadable grams are left out. The product page reads
 * a posted form with it (the page works without JavaScript).
 */
export function fillFromFields(
  box: BoxDefinition,
  fields: Readonly<Record<string, string | undefined>>,
): BoxFill {
  const asked = Number(fields.size);
  const size = box.sizes.some((s) => s.grams === asked) ? asked : (box.sizes[0]?.grams ?? 0);
  const contents: BoxContent[] = [];
  for (const productId of box.productIds) {
    const grams = Number(fields[`sweet_${productId}`] ?? 0);
    if (Number.isInteger(grams) && grams > 0) contents.push({ productId, grams });
  }
  return { size, contents };
}

/** A box as the product DTOs give it: prices in dollars, null = priced by its contents. */
export type BoxDtoShape = {
  sizes: { grams: number; price: number | null }[];
  step_grams: number;
  product_ids: number[];
};

/** The DTO back to the rules' shape (the product page fills the box with it). */
export const boxFromDto = (dto: BoxDtoShape): BoxDefinition => ({
  sizes: dto.sizes.map((s) => ({
    grams: s.grams,
    priceCents: s.price === null ? null : toCents(s.price),
  })),
  stepGrams: dto.step_grams,
  productIds: [...dto.product_ids],
});

/**
 * The product form's three box inputs as the API's box: sizes as "500=25, 1000, 2000=80"
 * (grams, then its price; no price = priced by its contents), the step in grams and the
 * allowed sweets' ids "12, 14". All empty = not a box. Unreadable parts stay unreadable
 * (NaN) so the schema names them.
 */
export function boxFromFormText(
  sizes: string,
  step: string,
  productIds: string,
): BoxDtoShape | null {
  if (!sizes.trim() && !step.trim() && !productIds.trim()) return null;
  const list = (text: string) =>
    text
      .split(/[,،\s]+/)
      .map((part) => part.trim())
      .filter(Boolean);
  return {
    sizes: list(sizes).map((part) => {
      const [grams, price] = part.split("=");
      return {
        grams: Number(grams),
        price: price === undefined || price.trim() === "" ? null : Number(price),
      };
    }),
    step_grams: Number(step),
    product_ids: list(productIds).map(Number),
  };
}

/** The same inputs from a saved box, for the product form. */
export const boxFormText = (box: BoxDtoShape | null) => ({
  box_sizes: box
    ? box.sizes.map((s) => (s.price === null ? `${s.grams}` : `${s.grams}=${s.price}`)).join(", ")
    : "",
  box_step: box ? String(box.step_grams) : "",
  box_products: box ? box.product_ids.join(", ") : "",
});

/** An ordered box's sweets as a key: equal boxes are merged on an order, so it tells lines apart. */
export const dtoContentsKey = (
  contents?: ReadonlyArray<{ name: string; grams: number }> | null,
): string => contents?.map((c) => `${c.name}x${c.grams}`).join(",") ?? "";
