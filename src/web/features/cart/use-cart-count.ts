import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, cartTotals, sanitiseLines } from "../../../shared/domain/cart.ts";

/** Fired in this tab when the cart is saved; other tabs get the browser's `storage` event. */
export const CART_CHANGE_EVENT = "cart:change";

function readCount(): number {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return 0;
    return cartTotals(sanitiseLines(JSON.parse(raw)).lines).itemCount;
  } catch {
    return 0;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

/** Item count from SPEC 3's stored cart; 0 on the server so hydration matches. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
