import type { z } from "zod";
import { toE164 } from "../domain/phone.ts";
import { ORDER_MESSAGES } from "../domain/validation-messages.ts";
import { adminPlaceOrderSchema } from "./admin-order.ts";
import { placeOrderSchema } from "./order.ts";

/**
 * The phones of an order as stored: E.164, read with the order's country as the region of a
 * number written without its calling code ("0944 123 456" in Syria -> "+963944123456"); the
 * gift's recipient lives at the order's address, so the same country reads their number. A
 * number that is no real number there is refused on its field (422, the form's own "valid phone
 * number" text in either language) rather than stored as a link to nobody.
 *
 * Apart from the order schema: the phone library stays out of the checkout form's code (the
 * form checks the characters; the server reads the number).
 */
function withE164Phones<
  T extends { phone: string; country: string; gift: { recipient_phone: string } | null },
>(order: T, ctx: z.RefinementCtx): T {
  const phone = toE164(order.phone, order.country);
  if (!phone)
    ctx.addIssue({ code: "custom", path: ["phone"], message: ORDER_MESSAGES.PHONE_INVALID });
  const recipientPhone = order.gift ? toE164(order.gift.recipient_phone, order.country) : null;
  if (order.gift && !recipientPhone)
    ctx.addIssue({
      code: "custom",
      path: ["gift", "recipient_phone"],
      message: ORDER_MESSAGES.RECIPIENT_PHONE_INVALID,
    });
  return {
    ...order,
    phone: phone ?? order.phone,
    gift: order.gift ? { ...order.gift, recipient_phone: recipientPhone ?? "" } : null,
  };
}

/** `POST /api/orders`: checkout's order with its phones in E.164. */
export const placeOrderBodySchema = placeOrderSchema.transform(withE164Phones);

/** `POST /api/admin/orders`: an order taken by staff, its phones in E.164. */
export const adminPlaceOrderBodySchema = adminPlaceOrderSchema.transform(withE164Phones);
