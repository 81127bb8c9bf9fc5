import type { PlaceOrderInput } from "../schemas/order.ts";
import { DOMESTIC_COUNTRY } from "./shipping.ts";

/** An order form's fields before anything is typed: checkout's and the desk's new order. */
export const EMPTY_ORDER_FORM = {
  name: "",
  phone: "",
  email: "",
  country: DOMESTIC_COUNTRY,
  city: "",
  address: "",
  notes: "",
  payment_method: "cod",
} as const satisfies Partial<PlaceOrderInput>;
