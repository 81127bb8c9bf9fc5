import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { boxKeySuffix, keyOfLine, lineKey } from "../../../shared/domain/cart.ts";
import { apiGet } from "../../lib/api.ts";
import { addToCart, type CartAddInput, cartStore } from "./cart-store.ts";

/** A line as the reminder kept it: product, weight, quantity, a box's sweets. */
export type RestoredLine = {
  productId: number;
  grams: number;
  qty: number;
  contents?: Array<{ productId: number; grams: number }>;
};

/** The parameter the reminder's link carries (`/cart?restore=…`, `/ar/cart?restore=…`). */
export const RESTORE_PARAM = "restore";

/** `GET /api/cart/restore/{token}`: the lines behind a reminder's link (404 once expired). */
export const fetchRestoredCart = (token: string, signal?: AbortSignal) =>
  apiGet<{ data: { lines: RestoredLine[] } }>(`/api/cart/restore/${encodeURIComponent(token)}`, {
    signal,
  }).then((answer) => answer.data.lines);

/** What the public product read gives the cart: names, image, and each option's price. */
type ProductForCart = {
  id: number;
  name: string;
  name_ar: string;
  image_url: string | null;
  image: { src: string } | null;
  default_grams: number;
  default_price: number;
  weights: Array<{ grams: number; price: number; discount_price: number | null }>;
};

const fetchProduct = (id: number, signal?: AbortSignal) =>
  apiGet<{ data: ProductForCart }>(`/api/products/${id}`, { signal }).then(
    (answer) => answer.data,
    () => null,
  );

/** Today's price of an option (the discounted one when lower); null when no longer sold. */
function priceOf(product: ProductForCart, grams: number): number | null {
  const option = product.weights.find((w) => w.grams === grams);
  if (option)
    return option.discount_price !== null && option.discount_price < option.price
      ? option.discount_price
      : option.price;
  return product.weights.length === 0 && grams === product.default_grams
    ? product.default_price
    : null;
}

/**
 * The restored lines as cart additions at today's names and prices. A product gone from the
 * shop, or a weight it no longer sells, is left out rather than added at an old price.
 */
export async function restoredAdditions(
  lines: ReadonlyArray<RestoredLine>,
  signal?: AbortSignal,
): Promise<CartAddInput[]> {
  const ids = [
    ...new Set(lines.flatMap((l) => [l.productId, ...(l.contents ?? []).map((c) => c.productId)])),
  ];
  const found = await Promise.all(ids.map((id) => fetchProduct(id, signal)));
  const byId = new Map(found.filter((p) => p !== null).map((p) => [p.id, p]));
  const additions: CartAddInput[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    const price = product ? priceOf(product, line.grams) : null;
    if (!product || price === null) continue;
    const contents = line.contents?.map((c) => ({
      productId: c.productId,
      grams: c.grams,
      name: byId.get(c.productId)?.name ?? "",
      name_ar: byId.get(c.productId)?.name_ar ?? "",
    }));
    if (contents?.some((c) => !c.name)) continue;
    additions.push({
      productId: String(line.productId),
      qty: line.qty,
      grams: line.grams,
      defaultGrams: product.default_grams,
      ...(contents?.length ? { contents } : {}),
      productSnapshot: {
        name: product.name,
        name_ar: product.name_ar,
        price,
        image: product.image?.src ?? product.image_url ?? "",
      },
    });
  }
  return additions;
}

/**
 * Merges: a line the cart already holds (same product, weight and box) keeps the shopper's
 * current quantity, so following the link twice never doubles it; the others are added.
 * Returns how many lines were added.
 */
export function mergeRestored(additions: ReadonlyArray<CartAddInput>): number {
  const store = cartStore();
  store.start();
  const held = new Set(store.getSnapshot().lines.map(keyOfLine));
  let added = 0;
  for (const input of additions) {
    const box = input.contents?.length ? input.contents : undefined;
    // The key `add` files the line under: a box keeps its size even when it is the default one.
    const key =
      lineKey(input.productId, input.grams, box ? undefined : input.defaultGrams) +
      boxKeySuffix(box);
    if (held.has(key)) continue;
    held.add(key);
    addToCart(input);
    added += 1;
  }
  return added;
}

export type RestoreOutcome = { status: "restored"; added: number } | { status: "invalid" } | null;

/**
 * The cart page's side of a reminder's link: reads `?restore=`, asks for the lines, merges them
 * into the cart, and takes the parameter out of the address (a reload or a shared address
 * does not carry the token on). The outcome is the short message the page shows.
 */
export function useRestoreFromLink(): RestoreOutcome {
  const [params, setParams] = useSearchParams();
  const token = params.get(RESTORE_PARAM);
  const [outcome, setOutcome] = useState<RestoreOutcome>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per token
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const next = new URLSearchParams(params);
    next.delete(RESTORE_PARAM);
    fetchRestoredCart(token, controller.signal)
      .then((lines) => restoredAdditions(lines, controller.signal))
      .then(
        (additions) => {
          if (controller.signal.aborted) return;
          setOutcome({ status: "restored", added: mergeRestored(additions) });
          setParams(next, { replace: true, preventScrollReset: true });
        },
        (error: Error) => {
          if (controller.signal.aborted || error.name === "AbortError") return;
          setOutcome({ status: "invalid" });
          setParams(next, { replace: true, preventScrollReset: true });
        },
      );
    return () => controller.abort();
  }, [token]);
  return outcome;
}
