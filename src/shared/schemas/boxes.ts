import { z } from "zod";
import {
  BOX_MAX_CONTENTS,
  BOX_MAX_GRAMS,
  BOX_MAX_PRODUCTS,
  BOX_MAX_SIZES,
  BOX_MESSAGES,
  BOX_MIN_STEP,
  boxDefinitionProblems,
  boxFromDto,
  type StoredBox,
} from "../domain/boxes.ts";
import { centsToDollars, toCents } from "../domain/money.ts";

// A mixed box by weight: the product form's input, the product DTOs' block and an order
// line's contents.

export const boxDtoSchema = z.object({
  /** Each size in grams with its price in dollars; null = priced by its contents. */
  sizes: z.array(z.object({ grams: z.number().int(), price: z.number().nullable() })),
  step_grams: z.number().int(),
  product_ids: z.array(z.number().int()),
});
export type BoxDto = z.infer<typeof boxDtoSchema>;

export const boxDto = (stored: StoredBox | string | null): BoxDto | null => {
  if (stored === null) return null;
  const box = typeof stored === "string" ? (JSON.parse(stored) as StoredBox) : stored;
  return {
    sizes: box.sizes.map((s) => ({
      grams: s.grams,
      price: s.price_cents === null ? null : centsToDollars(s.price_cents),
    })),
    step_grams: box.step_grams,
    product_ids: [...box.product_ids],
  };
};

const SIZE_GRAMS = `A box size is a whole number of grams from ${BOX_MIN_STEP} to ${BOX_MAX_GRAMS}.`;
const STEP = `The step is a whole number of grams from ${BOX_MIN_STEP} to 1000.`;
const PRICE = "A box price is a number of at least 0 with at most 2 decimals, or empty.";
const PRODUCT = "Choose the sweets allowed in the box.";

const grams = (message: string, min: number, max: number) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/**
 * The owner's box: sizes with a price each (null = priced by its contents), the step and the
 * sweets allowed in it; null = not a box. In multipart the block comes as JSON text.
 */
export const boxInputSchema = z
  .preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      if (v.trim() === "" || v === "null") return null;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .object(
        {
          sizes: z
            .array(
              z.object({
                grams: grams(SIZE_GRAMS, BOX_MIN_STEP, BOX_MAX_GRAMS),
                price: z
                  .number({ message: PRICE })
                  .min(0, PRICE)
                  .max(100_000, PRICE)
                  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, PRICE)
                  .nullable(),
              }),
              { message: "Give the box at least one size." },
            )
            .min(1, "Give the box at least one size.")
            .max(BOX_MAX_SIZES, `A box has at most ${BOX_MAX_SIZES} sizes.`),
          step_grams: grams(STEP, BOX_MIN_STEP, 1000),
          product_ids: z
            .array(z.number({ message: PRODUCT }).int(PRODUCT).positive(PRODUCT), {
              message: PRODUCT,
            })
            .min(1, PRODUCT)
            .max(BOX_MAX_PRODUCTS, `A box allows at most ${BOX_MAX_PRODUCTS} sweets.`),
        },
        { message: "The box is not valid." },
      )
      .nullable(),
  )
  .superRefine((box, ctx) => {
    if (!box) return;
    const problems = boxDefinitionProblems(boxFromDto(box));
    for (const [key, messages] of Object.entries(problems))
      for (const message of messages)
        ctx.addIssue({ code: "custom", path: key.split(".").slice(1), message });
  })
  .transform((box): StoredBox | null =>
    box
      ? {
          sizes: [...box.sizes]
            .sort((a, b) => a.grams - b.grams)
            .map((s) => ({
              grams: s.grams,
              price_cents: s.price === null ? null : toCents(s.price),
            })),
          step_grams: box.step_grams,
          product_ids: [...box.product_ids],
        }
      : null,
  );

/** One sweet of a box on an order line. */
export const boxContentInputSchema = z.object({
  productId: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/),
      ],
      { message: BOX_MESSAGES.NOT_ALLOWED },
    )
    .transform(Number)
    .pipe(z.number().int(BOX_MESSAGES.NOT_ALLOWED).positive(BOX_MESSAGES.NOT_ALLOWED)),
  grams: z
    .number({ message: BOX_MESSAGES.OFF_STEP })
    .int(BOX_MESSAGES.OFF_STEP)
    .positive(BOX_MESSAGES.OFF_STEP)
    .max(BOX_MAX_GRAMS, BOX_MESSAGES.OFF_STEP),
});

export const boxContentsField = z
  .array(boxContentInputSchema, { message: BOX_MESSAGES.CONTENTS_REQUIRED })
  .max(BOX_MAX_CONTENTS, BOX_MESSAGES.TOO_MANY);
