import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/schemas/fields.ts";

/** An order's notification (`order_placed`, `payment_problem`, `receipt_uploaded`). */
const orderData = z.object({
  customer: z.string(),
  /** Null only for a payment problem about an order the shop does not know. */
  order_id: z.number().int().nullable(),
  order_number: z.string(),
  total: z.number(),
  placed_at: z.string(),
  /** `payment_problem`: what went wrong, the gateway's amount and reference. */
  problem: z
    .enum(["amount_mismatch", "unknown_order", "not_payable", "unknown_session"])
    .optional(),
  amount: z.number().nullable().optional(),
  currency: z.string().nullable().optional(),
  reference: z.string().optional(),
});

/** `low_stock`: an order took a tracked product to or below its threshold (grams). */
const lowStockData = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_name_ar: z.string(),
  sku: z.string(),
  stock_grams: z.number().int(),
  threshold_grams: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
});

const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  data: z.union([orderData, lowStockData]),
  read_at: z.string().nullable(),
  created_at: z.string(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** The bell's poll: only notifications newer than the last one it holds (by id). */
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/notifications",
    {
      schema: {
        summary: "List notifications",
        querystring: listQuery,
        response: {
          200: z.object({
            data: z.array(notificationSchema),
            meta: z.object({
              page: z.number().int(),
              per_page: z.number().int(),
              total: z.number().int(),
              last_page: z.number().int(),
              unread: z.number().int(),
            }),
          }),
        },
      },
    },
    async (request) => app.services.notifications.list(request.query),
  );

  app.post(
    "/notifications/:id/read",
    {
      schema: {
        summary: "Mark a notification read",
        params: idParam,
        response: { 200: z.object({ data: notificationSchema }) },
      },
    },
    async (request) => ({ data: await app.services.notifications.markRead(request.params.id) }),
  );
};
