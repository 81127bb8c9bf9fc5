import { cartTotals } from "../../../shared/domain/cart.ts";
import { useCartValue } from "./cart-store.ts";

export { CART_CHANGE_EVENT } from "./cart-store.ts";

/** Item count of the cart store (the same one the cart page uses); 0 on the server so hydration matches. */
export function useCartCount(): number {
  // A gift card counts as one item: the badge shows a cart of gift cards alone too.
  return useCartValue((state) => cartTotals(state.lines).itemCount + state.giftCards.length, 0);
}
