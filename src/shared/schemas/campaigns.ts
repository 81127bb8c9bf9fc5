import { z } from "zod";
import {
  bodyHasContent,
  CAMPAIGN_STATUSES,
  type CampaignBlock,
  DEFAULT_CAMPAIGN_RATE,
  isCampaignUrl,
  CAMPAIGN_MESSAGES as M,
  MAX_CAMPAIGN_RATE,
} from "../domain/campaigns.ts";
import { text } from "./fields.ts";

export { M as CAMPAIGN_MESSAGES };

const blockText = text({ message: M.BLOCK_TEXT }).trim().max(5000, M.BLOCK_TEXT);
const url = text({ message: M.BLOCK_URL })
  .trim()
  .max(2000, M.BLOCK_URL)
  .refine(isCampaignUrl, M.BLOCK_URL);

/** One block of a campaign's body, as the small editor writes it. */
export const campaignBlockSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: blockText.min(1, M.BLOCK_TEXT) }),
  z.object({ type: z.literal("paragraph"), text: blockText.min(1, M.BLOCK_TEXT) }),
  z.object({ type: z.literal("link"), text: blockText.min(1, M.BLOCK_TEXT), url }),
  z.object({ type: z.literal("image"), url, alt: blockText.default("") }),
  z.object({
    type: z.literal("product"),
    product_id: z.number({ message: M.BLOCK_PRODUCT }).int().positive(M.BLOCK_PRODUCT),
  }),
]);

const body = z
  .array(campaignBlockSchema, { message: M.BODY_REQUIRED })
  .max(100, M.TOO_MANY_BLOCKS)
  .refine((blocks) => bodyHasContent(blocks as CampaignBlock[]), M.BODY_REQUIRED);
const subject = text({ message: M.SUBJECT_REQUIRED })
  .trim()
  .min(1, M.SUBJECT_REQUIRED)
  .max(200, M.SUBJECT_TOO_LONG);

/** `POST /api/admin/campaigns`: both languages' subject and body are required. */
export const campaignInputSchema = z.object({
  subject: subject,
  subject_ar: subject,
  body: body,
  body_ar: body,
  rate_per_minute: z
    .number({ message: M.RATE })
    .int(M.RATE)
    .min(1, M.RATE)
    .max(MAX_CAMPAIGN_RATE, M.RATE)
    .default(DEFAULT_CAMPAIGN_RATE),
});
export type CampaignInput = z.output<typeof campaignInputSchema>;

/** `POST /api/admin/campaigns/{id}/send`: now, or at a time to come. */
export const campaignSendSchema = z
  .object({
    at: text({ message: M.AT_INVALID })
      .trim()
      .pipe(z.iso.datetime({ offset: true, message: M.AT_INVALID }))
      .optional(),
  })
  .default({});

export const campaignCountsSchema = z.object({
  /** Subscribers it was queued for. */
  recipients: z.number().int(),
  /** Handed to the mail outbox so far. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Recipients who unsubscribed with this campaign's link. */
  unsubscribed: z.number().int(),
});

export const campaignDtoSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  subject_ar: z.string(),
  body: z.array(campaignBlockSchema),
  body_ar: z.array(campaignBlockSchema),
  rate_per_minute: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  send_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  counts: campaignCountsSchema,
});
export type CampaignDto = z.infer<typeof campaignDtoSchema>;

/** The rendered e-mail in both languages, for the preview. */
export const campaignPreviewSchema = z.object({
  en: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
  ar: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
