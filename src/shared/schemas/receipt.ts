import { z } from "zod";

/** A bank-transfer receipt as its customer sees it (no link: the file is the owner's). */
export const receiptSchema = z.object({
  id: z.number().int(),
  content_type: z.string(),
  bytes: z.number().int(),
  created_at: z.string(),
});
export type ReceiptDto = z.infer<typeof receiptSchema>;

export const receiptResponseSchema = z.object({ data: receiptSchema });
export const receiptListResponseSchema = z.object({ data: z.array(receiptSchema) });
