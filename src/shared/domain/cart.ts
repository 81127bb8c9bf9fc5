import { centsToDollars, toCents } from "./money.ts";

/** A cart line as the browser stores it locally, plus the chosen weight option. */
export type CartLine = {
  productId: string;
  name: string;
  /** Dollars with 2 decimals: the original stored format, kept so existing carts stay valid. */
  price: number;
  image: string;
  qty: number;
  timestamp: number;
  /** The weight option in grams; absent for the product's default option. */
  grams?: number;
  /** A mixed box's sweets (one box's worth), with their names for the cart to show. */
  contents?: CartBoxContent[];
};

export type CartBoxContent = { productId: number; grams: number; name: string; name_ar: string };

export const CART_STORAGE_KEY = "cart_v2";
export const CART_SESSION_KEY = "cart_session_v2";
export const CART_BACKUP_KEY = "cart_backup_v2";
export const CART_BACKUP_VERSION = "2.0";
/** Storage names used by earlier versions of the shop, migrated once on start. */
export const LEGACY_CART_KEYS = ["cart", "cartItems", "shopping_cart", "cart_v1"] as const;

const UNKNOWN_PRODUCT = "Unknown Product";

/** `item:{productId}` for the default option, `item:{productId}:{grams}` for another. */
export function lineKey(productId: string, grams?: number, defaultGrams?: number): string {
  return grams === undefined || grams === defaultGrams
    ? `item:${productId}`
    : `item:${productId}:${grams}`;
}

/** A box's part of its line key: boxes of one size are one line only with the same sweets. */
export function boxKeySuffix(
  contents?: ReadonlyArray<{ productId: number | string; grams: number }>,
): string {
  if (!contents?.length) return "";
  return `:box:${[...contents]
    .map((c) => ({ id: Number(c.productId), grams: c.grams }))
    .sort((a, b) => a.id - b.id)
    .map((c) => `${c.id}x${c.grams}`)
    .join(",")}`;
}

export function keyOfLine(line: CartLine): string {
  return lineKey(line.productId, line.grams) + boxKeySuffix(line.contents);
}

/** A stored box's sweets, or null when any of them is malformed (the line is then dropped). */
function sanitiseContents(raw: unknown): CartBoxContent[] | null {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 20) return null;
  const list: CartBoxContent[] = [];
  for (const item of raw) {
    if (!isRecord(item)) return null;
    const id = Number(item.productId);
    if (!Number.isInteger(id) || id <= 0) return null;
    if (!Number.isInteger(item.grams) || (item.grams as number) <= 0) return null;
    list.push({
      productId: id,
      grams: item.grams as number,
      name: typeof item.name === "string" ? item.name : "",
      name_ar: typeof item.name_ar === "string" ? item.name_ar : "",
    });
  }
  return list;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const roundPrice = (price: number): number => centsToDollars(toCents(price));

/**
 * The most of one line a cart holds: the product page's quantity choices are 1 to 8,
 * and the cart keeps to them however the quantity is reached (typed, "+",
 * added again, an old stored cart); the order API refuses more.
 */
export const MAX_LINE_QTY = 8;

/**
 * A kitchen dish in the cart is a line whose product id is "dish:<id>" and whose quantity is
 * its portions (up to the kitchen's 20 a line); it shares the cart with the sweets.
 */
export const DISH_LINE_PREFIX = "dish:";
export const MAX_DISH_PORTIONS = 20;

/** The dish id of a cart line's product id ("dish:7" → 7), or null for a sweet. */
export function dishIdOf(productId: string): number | null {
  if (!productId.startsWith(DISH_LINE_PREFIX)) return null;
  const id = Number(productId.slice(DISH_LINE_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const capQty = (qty: number, productId = ""): number =>
  Math.min(dishIdOf(productId) === null ? MAX_LINE_QTY : MAX_DISH_PORTIONS, qty);

/**
 * An order's lines with repeats merged (every order: checkout, quotes, staff orders). Lines of
 * one product and weight become the first of them with the quantities added, so the limit of
 * MAX_LINE_QTY holds per product and weight however a request splits it: 100 identical lines
 * of 1 were an order of 100. `over` lists the lines (by index in the request) at which the
 * added quantity passes the limit; the order is refused there.
 */
export function mergeOrderLines<
  T extends {
    productId: number;
    grams: number;
    qty: number;
    contents?: ReadonlyArray<{ productId: number; grams: number }>;
  },
>(lines: readonly T[]): { lines: T[]; over: number[] } {
  const byKey = new Map<string, T>();
  const over: number[] = [];
  lines.forEach((line, index) => {
    // A box is the same line only with the same sweets and grams (contents come normalised).
    const filled = line.contents?.length
      ? `:box:${line.contents.map((c) => `${c.productId}x${c.grams}`).join(",")}`
      : "";
    const key = lineKey(String(line.productId), line.grams) + filled;
    const existing = byKey.get(key);
    const merged = existing ? { ...existing, qty: existing.qty + line.qty } : { ...line };
    if (existing && merged.qty > MAX_LINE_QTY) over.push(index);
    byKey.set(key, merged);
  });
  return { lines: [...byKey.values()], over };
}

/**
 * A stored line is valid only with a non-blank productId and name, a price >= 0
 * and a qty > 0; price is rounded to 2 decimals and qty floored (so 0.5 is invalid).
 * Numeric ids are accepted because older carts stored them as numbers. A `grams` that is
 * present but not a positive whole number makes the line invalid rather than silently
 * switching the shopper to another weight.
 */
export function sanitiseLine(raw: unknown): CartLine | null {
  if (!isRecord(raw)) return null;
  const { productId, name, price, qty, image, timestamp, grams, contents } = raw;

  const id =
    typeof productId === "string"
      ? productId.trim()
      : typeof productId === "number" && Number.isFinite(productId)
        ? String(productId)
        : "";
  if (id === "") return null;
  if (typeof name !== "string" || name.trim() === "") return null;
  if (typeof price !== "number" || !Number.isFinite(price) || price < 0) return null;
  if (typeof qty !== "number" || !Number.isFinite(qty)) return null;
  const wholeQty = Math.floor(qty);
  if (wholeQty < 1) return null;
  const option = grams === undefined ? undefined : Number.isInteger(grams) ? (grams as number) : 0;
  if (option !== undefined && option <= 0) return null;

  const line: CartLine = {
    productId: id,
    name: name.trim(),
    price: roundPrice(price),
    image: typeof image === "string" ? image : "",
    qty: capQty(wholeQty, id),
    timestamp: typeof timestamp === "number" && Number.isFinite(timestamp) ? timestamp : 0,
  };
  if (option !== undefined) line.grams = option;
  if (contents !== undefined) {
    const box = sanitiseContents(contents);
    if (!box) return null;
    line.contents = box;
  }
  return line;
}

/** Keeps the first line of each key, adding the quantities of later duplicates to it. */
export function mergeLines(...groups: ReadonlyArray<ReadonlyArray<CartLine>>): CartLine[] {
  const byKey = new Map<string, CartLine>();
  for (const line of groups.flat()) {
    const key = keyOfLine(line);
    const existing = byKey.get(key);
    byKey.set(
      key,
      existing
        ? { ...existing, qty: capQty(existing.qty + line.qty, line.productId) }
        : { ...line },
    );
  }
  return [...byKey.values()];
}

/**
 * Cleans what storage returned. `dropped` counts invalid lines so the caller can re-save
 * the cleaned cart. Something that is not a list is no cart at all, not a
 * corrupted one, so it reports nothing dropped.
 */
export function sanitiseLines(raw: unknown): { lines: CartLine[]; dropped: number } {
  if (!Array.isArray(raw)) return { lines: [], dropped: 0 };
  const valid = raw.map(sanitiseLine).filter((line): line is CartLine => line !== null);
  return { lines: mergeLines(valid), dropped: raw.length - valid.length };
}

/** Saving rejects anything that is not a list. */
export function assertLineList(value: unknown): asserts value is CartLine[] {
  if (!Array.isArray(value)) throw new TypeError("Cart data must be a list of lines");
}

export type AddLineInput = {
  productId: string;
  qty?: number;
  grams?: number;
  /** The product's default option; an add of that weight is stored without `grams` so it joins `item:{id}`. */
  defaultGrams?: number;
  /** A filled box's sweets: a line of its own unless the same box is already in the cart. */
  contents?: CartBoxContent[];
  productSnapshot: { name?: string; price?: number; image?: string };
};

/**
 * Adds to the line of the same key or creates one. Snapshot fields that are present
 * replace the stored ones because they are the freshest copy of the product; missing ones
 * keep what the line had, or take the defaults on a new line.
 */
export function addLine(
  lines: ReadonlyArray<CartLine>,
  input: AddLineInput,
  now: number,
): CartLine[] {
  const qty = Number.isFinite(input.qty)
    ? capQty(Math.max(1, Math.floor(input.qty as number)), input.productId)
    : 1;
  const box = input.contents?.length ? input.contents : undefined;
  // A box keeps its size even when it is the default one: its key names the sweets too.
  const grams = input.grams === input.defaultGrams && !box ? undefined : input.grams;
  const key = lineKey(input.productId, grams) + boxKeySuffix(box);
  const { name, price, image } = input.productSnapshot;
  const fresh: Partial<Pick<CartLine, "name" | "price" | "image">> = {};
  if (name?.trim()) fresh.name = name.trim();
  if (typeof price === "number" && Number.isFinite(price) && price >= 0) {
    fresh.price = roundPrice(price);
  }
  if (image !== undefined) fresh.image = image;

  const existing = lines.find((line) => keyOfLine(line) === key);
  if (existing) {
    return lines.map((line) =>
      line === existing
        ? { ...line, ...fresh, qty: capQty(line.qty + qty, line.productId), timestamp: now }
        : line,
    );
  }
  const line: CartLine = {
    productId: input.productId,
    name: UNKNOWN_PRODUCT,
    price: 0,
    image: "",
    ...fresh,
    qty,
    timestamp: now,
  };
  if (grams !== undefined) line.grams = grams;
  if (box) line.contents = box.map((c) => ({ ...c }));
  return [...lines, line];
}

/** Minimum 1, floored, and only if the line exists; at most MAX_LINE_QTY. */
export function setLineQty(lines: ReadonlyArray<CartLine>, key: string, qty: number): CartLine[] {
  if (!Number.isFinite(qty)) return [...lines];
  const wholeQty = Math.max(1, Math.floor(qty));
  return lines.map((line) =>
    keyOfLine(line) === key ? { ...line, qty: capQty(wholeQty, line.productId) } : line,
  );
}

export function removeLine(lines: ReadonlyArray<CartLine>, key: string): CartLine[] {
  return lines.filter((line) => keyOfLine(line) !== key);
}

/** Summed in cents so 0.1 + 0.2 style drift never reaches the summary. */
export function cartTotals(lines: ReadonlyArray<CartLine>): {
  subtotal: number;
  subtotalCents: number;
  itemCount: number;
} {
  let subtotalCents = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotalCents += toCents(line.price) * line.qty;
    itemCount += line.qty;
  }
  return { subtotal: centsToDollars(subtotalCents), subtotalCents, itemCount };
}

/** The badge caps at '99+'; an empty cart shows no badge. */
export function badgeText(count: number): string {
  if (count > 99) return "99+";
  if (count <= 0) return "";
  return String(count);
}

export type CartBackup = {
  data: CartLine[];
  timestamp: number;
  version: typeof CART_BACKUP_VERSION;
};

export function makeBackup(lines: ReadonlyArray<CartLine>, now: number): CartBackup {
  return { data: [...lines], timestamp: now, version: CART_BACKUP_VERSION };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a backup record (parsed, or the raw stored string). Another version is not
 * trusted: its lines may mean something else. Returns null when there is no usable backup.
 */
export function readBackup(
  raw: unknown,
): { lines: CartLine[]; dropped: number; timestamp: number } | null {
  const value = typeof raw === "string" ? parseJson(raw) : raw;
  if (!isRecord(value) || value.version !== CART_BACKUP_VERSION || !Array.isArray(value.data)) {
    return null;
  }
  const timestamp =
    typeof value.timestamp === "number" && Number.isFinite(value.timestamp) ? value.timestamp : 0;
  return { ...sanitiseLines(value.data), timestamp };
}

/**
 * Earlier shapes, mapped field by field onto today's line; each then goes through
 * sanitiseLine, so a legacy line needs a name like any stored line.
 *   cart:          [{ productId, name, price, image, qty, timestamp }]   (the original format)
 *   cartItems:     [{ id, title, price, quantity, image }]
 *   shopping_cart: { items: [...] } with items in either of the shapes above
 *   cart_v1:       { [productId]: { name, price, qty, image? } }
 */
function fromLegacyItem(item: unknown, fallbackId?: string): unknown {
  if (!isRecord(item)) return null;
  return {
    productId: item.productId ?? item.id ?? fallbackId,
    name: item.name ?? item.title,
    price: item.price,
    image: item.image,
    qty: item.qty ?? item.quantity,
    timestamp: item.timestamp,
    grams: item.grams,
  };
}

function legacyItems(key: string, value: unknown): unknown[] {
  switch (key) {
    case "cart":
    case "cartItems":
      return Array.isArray(value) ? value.map((item) => fromLegacyItem(item)) : [];
    case "shopping_cart":
      return isRecord(value) && Array.isArray(value.items)
        ? value.items.map((item) => fromLegacyItem(item))
        : [];
    case "cart_v1":
      return isRecord(value)
        ? Object.entries(value).map(([id, item]) => fromLegacyItem(item, id))
        : [];
    default:
      return [];
  }
}

/** Lines from all four legacy storage names, cleaned and merged by key (quantities added). */
export function migrateLegacy(rawByKey: Readonly<Record<string, string | null>>): CartLine[] {
  const groups = LEGACY_CART_KEYS.map((key) => {
    const text = rawByKey[key];
    if (typeof text !== "string") return [];
    return sanitiseLines(legacyItems(key, parseJson(text))).lines;
  });
  return mergeLines(...groups);
}
