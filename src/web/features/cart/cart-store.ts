import { useEffect, useMemo, useSyncExternalStore } from "react";
import {
  type AddLineInput,
  addLine,
  boxKeySuffix,
  CART_BACKUP_KEY,
  CART_SESSION_KEY,
  CART_STORAGE_KEY,
  type CartLine,
  cartTotals,
  keyOfLine,
  LEGACY_CART_KEYS,
  lineKey,
  makeBackup,
  mergeLines,
  migrateLegacy,
  readBackup,
  removeLine,
  sanitiseLines,
  setLineQty,
} from "../../../shared/domain/cart.ts";
import { GIFT_CARD_PURCHASE_MAX } from "../../../shared/domain/gift-cards.ts";
import { afterHydration, isPageHydrating } from "../../components/ui/hydrate-later.tsx";
import { CART_GIFT_CARDS_KEY, type CartGiftCard, sanitiseGiftCards } from "./gift-card-lines.ts";

/** Fired in this tab when the cart is saved; other tabs get the browser's `storage` event. */
export const CART_CHANGE_EVENT = "cart:change";

/**
 * A stored line plus two optional extras the shared line format does not know: the Arabic
 * name (so the cart speaks both languages) and the product's default weight (so a line of
 * the default option can still tell checkout its grams). Lines without them stay valid.
 */
export type StoredCartLine = CartLine & { name_ar?: string; default_grams?: number };

export type CartAddInput = Omit<AddLineInput, "productSnapshot"> & {
  productSnapshot: AddLineInput["productSnapshot"] & { name_ar?: string };
};

export type CartStorageKind = "local" | "session" | "memory";

export type CartState = {
  status: "loading" | "ready";
  lines: readonly StoredCartLine[];
  /** Gift cards bought beside (or instead of) the sweets: no weight, stock or shipping. */
  giftCards: readonly CartGiftCard[];
  /** The cart is always a guest cart. */
  isLoggedIn: false;
  storage: CartStorageKind;
};

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type CartStoreOptions = {
  local?: StorageLike | null;
  session?: StorageLike | null;
  now?: () => number;
  /** Where same-tab change events go and cross-tab `storage` events come from. */
  target?: EventTarget | null;
};

const PROBE_KEY = "cart_storage_probe";

/** A storage is usable when a write and a removal both succeed (private modes throw). */
function usable(storage: StorageLike | null | undefined): storage is StorageLike {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, "1");
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

function parse(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Re-attaches the optional extras that sanitising drops, matched by line key. */
function withExtras(lines: CartLine[], raw: unknown): StoredCartLine[] {
  if (!Array.isArray(raw)) return lines;
  const extras = new Map<string, { name_ar?: string; default_grams?: number }>();
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const clean = sanitiseLines([item]).lines[0];
    if (!clean) continue;
    const key = keyOfLine(clean);
    if (extras.has(key)) continue;
    const extra: { name_ar?: string; default_grams?: number } = {};
    if (typeof item.name_ar === "string" && item.name_ar.trim()) extra.name_ar = item.name_ar;
    if (Number.isInteger(item.default_grams) && (item.default_grams as number) > 0) {
      extra.default_grams = item.default_grams as number;
    }
    extras.set(key, extra);
  }
  return lines.map((line) => ({ ...line, ...extras.get(keyOfLine(line)) }));
}

export type CartStore = ReturnType<typeof createCartStore>;

/**
 * The guest cart. Local storage when usable, else session storage, else memory.
 * Lines are written under the versioned local key (or the session key when only session
 * storage works), and a backup record (data, timestamp, version '2.0') is kept beside them; loading
 * reads local -> session -> backup.
 */
export function createCartStore(options: CartStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const target = options.target ?? null;
  const listeners = new Set<() => void>();
  let local: StorageLike | null = null;
  let session: StorageLike | null = null;
  let state: CartState = {
    status: "loading",
    lines: [],
    giftCards: [],
    isLoggedIn: false,
    storage: "memory",
  };

  const primary = () => local ?? session;

  function emit(): void {
    for (const listener of listeners) listener();
  }

  function setLines(lines: StoredCartLine[]): void {
    state = { ...state, lines };
    emit();
  }

  function setGiftCards(giftCards: CartGiftCard[]): void {
    state = { ...state, giftCards };
    emit();
  }

  /** The gift cards live under their own key in the cart's storage; none = no key. */
  function saveGiftCards(cards: readonly CartGiftCard[]): void {
    try {
      if (cards.length === 0) {
        local?.removeItem(CART_GIFT_CARDS_KEY);
        session?.removeItem(CART_GIFT_CARDS_KEY);
      } else primary()?.setItem(CART_GIFT_CARDS_KEY, JSON.stringify(cards));
    } catch {
      console.warn("Failed to save cart data");
    }
    target?.dispatchEvent(new Event(CART_CHANGE_EVENT));
  }

  function loadGiftCards(): CartGiftCard[] {
    return sanitiseGiftCards(parse(primary()?.getItem(CART_GIFT_CARDS_KEY) ?? null));
  }

  function removeStored(): void {
    for (const storage of [local, session]) {
      if (!storage) continue;
      storage.removeItem(CART_STORAGE_KEY);
      storage.removeItem(CART_SESSION_KEY);
      storage.removeItem(CART_BACKUP_KEY);
    }
  }

  /** Each change is saved; an empty cart clears storage. A failure warns and the cart goes on. */
  function save(lines: readonly StoredCartLine[]): void {
    try {
      if (lines.length === 0) removeStored();
      else {
        const text = JSON.stringify(lines);
        // Only the chosen storage is written: a per-tab session copy beside local storage
        // would bring back a cart another tab has since cleared.
        if (local) local.setItem(CART_STORAGE_KEY, text);
        else session?.setItem(CART_SESSION_KEY, text);
        primary()?.setItem(CART_BACKUP_KEY, JSON.stringify(makeBackup(lines as CartLine[], now())));
      }
    } catch {
      console.warn("Failed to save cart data");
    }
    target?.dispatchEvent(new Event(CART_CHANGE_EVENT));
  }

  /** local -> session -> backup; the first source holding a list wins. */
  function load(): { lines: StoredCartLine[]; dropped: number } {
    const sources: Array<[StorageLike | null, string]> = [
      [local, CART_STORAGE_KEY],
      [session, CART_SESSION_KEY],
    ];
    for (const [storage, key] of sources) {
      if (!storage) continue;
      const raw = parse(storage.getItem(key));
      if (Array.isArray(raw)) {
        const { lines, dropped } = sanitiseLines(raw);
        return { lines: withExtras(lines, raw), dropped };
      }
    }
    const backupText = primary()?.getItem(CART_BACKUP_KEY) ?? null;
    const backup = backupText === null ? null : readBackup(backupText);
    if (backup) {
      const raw = (parse(backupText) as { data?: unknown } | undefined)?.data;
      return { lines: withExtras(backup.lines, raw), dropped: backup.dropped };
    }
    return { lines: [], dropped: 0 };
  }

  /** Legacy carts from the four old storage names, removed once their lines are taken over. */
  function migrate(): StoredCartLine[] {
    const storage = primary();
    if (!storage) return [];
    const rawByKey: Record<string, string | null> = {};
    let found = false;
    for (const key of LEGACY_CART_KEYS) {
      const text = storage.getItem(key);
      rawByKey[key] = text;
      if (text !== null) found = true;
    }
    if (!found) return [];
    const lines = migrateLegacy(rawByKey);
    for (const key of LEGACY_CART_KEYS) storage.removeItem(key);
    return lines;
  }

  function start(): void {
    if (state.status === "ready") return;
    local = usable(options.local) ? options.local : null;
    session = usable(options.session) ? options.session : null;
    const storage: CartStorageKind = local ? "local" : session ? "session" : "memory";
    let legacy: StoredCartLine[] = [];
    let loaded: { lines: StoredCartLine[]; dropped: number } = { lines: [], dropped: 0 };
    let giftCards: CartGiftCard[] = [];
    try {
      legacy = migrate();
      loaded = load();
      giftCards = loadGiftCards();
    } catch {
      // A storage that throws on read is as good as none; the cart starts empty.
    }
    const lines = legacy.length ? mergeLines(loaded.lines, legacy) : loaded.lines;
    state = { status: "ready", lines, giftCards, isLoggedIn: false, storage };
    if (legacy.length || loaded.dropped) save(lines);
    target?.addEventListener("storage", onStorage);
    emit();
  }

  function onStorage(event: Event): void {
    const key = (event as StorageEvent).key;
    if (key === CART_GIFT_CARDS_KEY) {
      try {
        setGiftCards(loadGiftCards());
      } catch {
        setGiftCards([]);
      }
      return;
    }
    // `key` is null when another tab cleared all of its storage.
    if (key !== null && key !== CART_STORAGE_KEY) return;
    try {
      setLines(load().lines);
    } catch {
      setLines([]);
    }
  }

  function change(next: StoredCartLine[]): void {
    start();
    setLines(next);
    save(next);
  }

  return {
    /** Starts on first use so the server never touches storage. */
    start,
    getSnapshot(): CartState {
      return state;
    },
    /** `startNow: false` leaves reading storage to a later `start()` (or the first change). */
    subscribe(listener: () => void, startNow = true): () => void {
      listeners.add(listener);
      if (startNow) start();
      return () => listeners.delete(listener);
    },
    add(input: CartAddInput): void {
      start();
      const { name_ar, ...snapshot } = input.productSnapshot;
      const next: StoredCartLine[] = addLine(
        state.lines,
        { ...input, productSnapshot: snapshot },
        now(),
      );
      const box = input.contents?.length ? input.contents : undefined;
      const grams = input.grams === input.defaultGrams && !box ? undefined : input.grams;
      const key = lineKey(input.productId, grams) + boxKeySuffix(box);
      change(
        next.map((line) => {
          if (keyOfLine(line) !== key) return line;
          const extra: StoredCartLine = { ...line };
          if (name_ar?.trim()) extra.name_ar = name_ar.trim();
          if (grams === undefined && Number.isInteger(input.defaultGrams)) {
            extra.default_grams = input.defaultGrams;
          }
          return extra;
        }),
      );
    },
    setQty(key: string, qty: number): void {
      start();
      change(setLineQty(state.lines, key, qty));
    },
    remove(key: string): void {
      start();
      change(removeLine(state.lines, key));
    },
    /** A gift card line (the gift card page's "Add to cart"); false when the cart holds the most. */
    addGiftCard(card: Omit<CartGiftCard, "id">): boolean {
      start();
      if (state.giftCards.length >= GIFT_CARD_PURCHASE_MAX) return false;
      const id = `${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const next = [...state.giftCards, { ...card, id }];
      setGiftCards(next);
      saveGiftCards(next);
      return true;
    },
    removeGiftCard(id: string): void {
      start();
      const next = state.giftCards.filter((card) => card.id !== id);
      setGiftCards(next);
      saveGiftCards(next);
    },
    /** Clear all: also wipes storage, gift cards included. */
    clear(): void {
      start();
      state = { ...state, giftCards: [] };
      saveGiftCards([]);
      change([]);
    },
    dispose(): void {
      target?.removeEventListener("storage", onStorage);
      listeners.clear();
    },
  };
}

function browserStorage(name: "localStorage" | "sessionStorage"): StorageLike | null {
  try {
    return window[name];
  } catch {
    return null;
  }
}

let browserStore: CartStore | null = null;

/** The one cart of this tab (created lazily: the server renders without it). */
export function cartStore(): CartStore {
  if (!browserStore) {
    browserStore = createCartStore({
      local: browserStorage("localStorage"),
      session: browserStorage("sessionStorage"),
      target: window,
    });
  }
  return browserStore;
}

/** Tests: forget the tab's cart so the next use starts from storage again. */
export function resetCartStoreForTests(): void {
  browserStore?.dispose();
  browserStore = null;
}

export function addToCart(input: CartAddInput): void {
  cartStore().add(input);
}

/** The gift card page's "Add to cart": false when the cart already holds the most cards. */
export function addGiftCardToCart(card: Omit<CartGiftCard, "id">): boolean {
  return cartStore().addGiftCard(card);
}

const SERVER_STATE: CartState = {
  status: "loading",
  lines: [],
  giftCards: [],
  isLoggedIn: false,
  storage: "memory",
};

/**
 * While the page hydrates, the cart is read from storage in the first idle moment after it,
 * not in hydration's last task, the longest of a first visit; a cart changed before
 * then starts at once. Mounted later (a client navigation), it starts with the subscription.
 */
const subscribe = (listener: () => void) => {
  const store = cartStore();
  if (!isPageHydrating()) return store.subscribe(listener);
  afterHydration(() => store.start());
  return store.subscribe(listener, false);
};
const getSnapshot = () => cartStore().getSnapshot();
const getServerSnapshot = () => SERVER_STATE;

/** The cart state; on the server and during hydration an empty, loading cart. */
export function useCartState(): CartState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * One value read from the cart (a number, a flag), `onServer` on the server and during
 * hydration. The component renders again only when that value changes: the header's badge
 * stays as hydrated when the cart loads from storage empty, instead of the whole header
 * rendering again, synchronously, right after hydration.
 */
export function useCartValue<T extends string | number | boolean>(
  select: (state: CartState) => T,
  onServer: T,
): T {
  return useSyncExternalStore(
    subscribe,
    () => select(getSnapshot()),
    () => onServer,
  );
}

/**
 * The whole cart, for the pages whose content it is (the cart and checkout). They start the
 * cart with hydration's effects rather than in the idle moment after: their lines or empty box
 * come as soon as the page is hydrated (the empty cart is the cart page's largest
 * text, LCP in Lighthouse).
 */
export function useCart() {
  const state = useCartState();
  useEffect(() => {
    cartStore().start();
  }, []);
  return useMemo(() => {
    const totals = cartTotals(state.lines);
    return {
      ...state,
      ...totals,
      add: addToCart,
      setQty: (key: string, qty: number) => cartStore().setQty(key, qty),
      remove: (key: string) => cartStore().remove(key),
      removeGiftCard: (id: string) => cartStore().removeGiftCard(id),
      clear: () => cartStore().clear(),
    };
  }, [state]);
}
