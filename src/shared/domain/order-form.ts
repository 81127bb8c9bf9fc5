import { DOMESTIC_COUNTRY } from "./shipping.ts";
import { ORDER_MESSAGES } from "./validation-messages.ts";

/**
 * An order form's fields before anything is typed: checkout's and the desk's new order. Here,
 * not beside the schema, so the checkout form loads no zod; schemas/order.ts checks it fits.
 */
export const EMPTY_ORDER_FORM = {
  name: "",
  phone: "",
  email: "",
  country: DOMESTIC_COUNTRY,
  city: "",
  address: "",
  notes: "",
  payment_method: "cod",
} as const;

/** True for a pickup method id ("pickup:0"): such an order asks for no address. */
export const isPickupMethod = (id: string | null | undefined) => Boolean(id?.startsWith("pickup:"));

/**
 * A delivery needs a city and an address; a pickup neither (the shopper comes to the shop).
 * Field -> messages, all at once; empty when nothing is missing. Zod-free: the checkout form
 * checks it before sending, the server when placing.
 */
export function addressProblems(input: {
  shipping_method?: string | null;
  city?: string | null;
  address?: string | null;
}): Record<string, string[]> {
  if (isPickupMethod(input.shipping_method)) return {};
  const errors: Record<string, string[]> = {};
  if (!input.city?.trim()) errors.city = [ORDER_MESSAGES.CITY_REQUIRED];
  if (!input.address?.trim()) errors.address = [ORDER_MESSAGES.ADDRESS_REQUIRED];
  return errors;
}
