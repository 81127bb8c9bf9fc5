import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { KITCHEN_STEPS } from "../domain/kitchen-slots.ts";
import { ORDER_STATUSES } from "../domain/order-states.ts";
import { orderSlotSchema } from "./order.ts";

// The kitchen screen: `GET /api/admin/kitchen/orders?date=` and
// `POST /api/admin/kitchen/orders/{id}/step`.

export const KITCHEN_SCREEN_MESSAGES = {
  DATE: "The date must be a calendar date written YYYY-MM-DD.",
  STEP: `The step must be one of: ${KITCHEN_STEPS.join(", ")}.`,
} as const;

export const kitchenOrdersQuerySchema = z.object({
  /** A business date; absent = today in Damascus. */
  date: z
    .string({ message: KITCHEN_SCREEN_MESSAGES.DATE })
    .trim()
    .refine(isCalendarDate, KITCHEN_SCREEN_MESSAGES.DATE)
    .optional(),
});

export const kitchenStepBodySchema = z.object({
  step: z.enum(KITCHEN_STEPS, { message: KITCHEN_SCREEN_MESSAGES.STEP }),
});

export const kitchenOrderCardSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  slot: orderSlotSchema.nullable(),
  /** The cook's last step; null before the first. */
  status: z.enum(KITCHEN_STEPS).nullable(),
  /** The one step a tap takes it to next; null at the end. */
  next: z.enum(KITCHEN_STEPS).nullable(),
  /** The order's own status (a mixed order follows the sweets' states). */
  order_status: z.enum(ORDER_STATUSES),
  kind: z.enum(["delivery", "pickup"]),
  lines: z.array(
    z.object({
      kind: z.enum(["dish", "sweet"]),
      name: z.string(),
      name_ar: z.string(),
      /** Portions for a dish, the count for sweets. */
      qty: z.number().int(),
      /** Sweets only: the weight of one. */
      grams: z.number().int().nullable(),
    }),
  ),
  customer: z.object({ name: z.string(), phone: z.string() }),
  address: z.object({
    area: z.string().nullable(),
    area_ar: z.string().nullable(),
    city: z.string(),
    address: z.string(),
  }),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type KitchenOrderCard = z.infer<typeof kitchenOrderCardSchema>;

export const kitchenOrdersResponseSchema = z.object({
  data: z.array(kitchenOrderCardSchema),
  meta: z.object({ date: z.string() }),
});
export const kitchenOrderResponseSchema = z.object({ data: kitchenOrderCardSchema });
