import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "../domain/webhooks.ts";
import { pageMetaSchema } from "./catalog.ts";
import { text } from "./fields.ts";

const M = WEBHOOK_MESSAGES;

/** http or https, no user name or password in it; where it points is checked by the server. */
export const webhookUrlField = text({ message: M.URL_REQUIRED })
  .trim()
  .min(1, M.URL_REQUIRED)
  .max(2000, M.URL_INVALID)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    },
    { message: M.URL_INVALID, abort: true },
  )
  .refine(
    (value) => {
      const url = new URL(value);
      return url.username === "" && url.password === "";
    },
    { message: M.URL_CREDENTIALS },
  );

export const webhookSecretField = text({ message: M.SECRET_REQUIRED })
  .min(16, M.SECRET_REQUIRED)
  .max(200, M.SECRET_TOO_LONG);

export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { message: M.EVENT_UNKNOWN }), { message: M.EVENTS_REQUIRED })
  .min(1, M.EVENTS_REQUIRED)
  .max(WEBHOOK_EVENTS.length * 2, M.EVENT_UNKNOWN);

/** `POST /api/admin/webhooks`. */
export const webhookCreateSchema = z.object({
  url: webhookUrlField,
  secret: webhookSecretField,
  events: webhookEventsField,
});
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

/** `PUT /api/admin/webhooks/{id}`: a missing or empty secret keeps the one stored. */
export const webhookUpdateSchema = z.object({
  url: webhookUrlField,
  secret: z.union([z.literal(""), webhookSecretField]).optional(),
  events: webhookEventsField,
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** When a pending delivery is tried next. */
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** The exact JSON body sent. */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The secret itself is never sent back: only its last four characters, to tell them apart. */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  secret_hint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: z
    .object({
      status: webhookDeliveryStatusSchema,
      response_status: z.number().int().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** `GET /api/admin/webhooks/{id}/deliveries?page=&per_page=`: newest first. */
export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

export const webhookDeliveriesResponseSchema = z.object({
  data: z.array(webhookDeliverySchema),
  meta: pageMetaSchema,
});
