import { useSyncExternalStore } from "react";

import type { CouponScope } from "../../../shared/domain/pricing.ts";

/**
 * The promotion code the shopper applied in the cart, carried to checkout for this visit;
 * `scope`: what it is taken from (absent in codes stored before scopes: the whole cart).
 */
export type AppliedCoupon = { code: string; percent: number; scope?: CouponScope };

const KEY = "cart_coupon";
const listeners = new Set<() => void>();
let memory: AppliedCoupon | null = null;
let cachedText: string | null | undefined;
let cached: AppliedCoupon | null = null;

function read(): AppliedCoupon | null {
  let text: string | null;
  try {
    text = sessionStorage.getItem(KEY);
  } catch {
    return memory;
  }
  if (text === cachedText) return cached;
  cachedText = text;
  try {
    const value = text ? (JSON.parse(text) as AppliedCoupon) : null;
    cached =
      value && typeof value.code === "string" && typeof value.percent === "number" ? value : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function setAppliedCoupon(coupon: AppliedCoupon | null): void {
  memory = coupon;
  try {
    if (coupon) sessionStorage.setItem(KEY, JSON.stringify(coupon));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Without session storage the code lives in memory for this page view only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppliedCoupon(): AppliedCoupon | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
