import { DOMESTIC_COUNTRY } from "./shipping.ts";

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
