import { cartTotals } from "../../../shared/domain/cart.ts";
import { useCartValue } from "./cart-store.ts";

export { CART_CHANGE_EVENT } from "./cart-store.ts";

/** Item count of the cart store (the same one the cart page uses); 0 on the server so hydration matches. */
export function useCartCount(): number {
  return useCartValue((state) => cartTotals(state.lines).itemCount, 0);
}
