import { z } from "zod";

/** `POST /api/admin/products/import[?dry_run=1]`'s answer, for the route and the screen. */
export const productsImportResultSchema = z.object({
  dry_run: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Per product row, what applying does (or did): matched by SKU. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      sku: z.string(),
      action: z.enum(["create", "update", "unchanged"]),
    }),
  ),
  /** Row as in the file (the header is row 1), the column's name, a sentence in the admin's language. */
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type ProductsImportResult = z.infer<typeof productsImportResultSchema>;

export const productsImportQuerySchema = z.object({
  dry_run: z.enum(["0", "1", "true", "false"]).optional(),
});
