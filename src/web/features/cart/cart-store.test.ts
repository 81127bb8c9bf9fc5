import { describe, expect, it, vi } from "vitest";
import {
  CART_BACKUP_KEY,
  CART_SESSION_KEY,
  CART_STORAGE_KEY,
  LEGACY_CART_KEYS,
} from "../../../shared/domain/cart.ts";
import { CART_CHANGE_EVENT, createCartStore } from "./cart-store.ts";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A storage that refuses every write, like a full quota or a locked-down private mode. */
class RefusingStorage extends MemoryStorage {
  override setItem(): void {
    throw new Error("QuotaExceededError");
  }
}

/** Usable at start, then full. */
class FillingStorage extends MemoryStorage {
  full = false;
  override setItem(key: string, value: string): void {
    if (this.full) throw new Error("QuotaExceededError");
    super.setItem(key, value);
  }
}

const baklava = {
  productId: "7",
  grams: 500,
  defaultGrams: 1000,
  qty: 2,
  productSnapshot: { name: "Baklava", price: 12.5, image: "/b.jpg", name_ar: "بقلاوة" },
};

const stored = (storage: MemoryStorage, key = CART_STORAGE_KEY) =>
  JSON.parse(storage.getItem(key) ?? "null");

describe("cart store storage choice", () => {
  it("uses local storage when usable and keeps a 2.0 backup record beside it", () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const store = createCartStore({ local, session, now: () => 1000 });
    expect(store.getSnapshot().status).toBe("loading");
    store.start();
    expect(store.getSnapshot()).toMatchObject({
      status: "ready",
      storage: "local",
      isLoggedIn: false,
    });

    store.add(baklava);
    expect(stored(local)).toEqual([
      {
        productId: "7",
        name: "Baklava",
        name_ar: "بقلاوة",
        price: 12.5,
        image: "/b.jpg",
        qty: 2,
        grams: 500,
        timestamp: 1000,
      },
    ]);
    expect(stored(local, CART_BACKUP_KEY)).toMatchObject({
      version: "2.0",
      timestamp: 1000,
      data: [{ productId: "7", qty: 2 }],
    });
    expect(session.getItem(CART_SESSION_KEY)).toBeNull();
  });

  it("falls back to session storage when local storage refuses writes", () => {
    const session = new MemoryStorage();
    const store = createCartStore({ local: new RefusingStorage(), session });
    store.add(baklava);
    expect(store.getSnapshot().storage).toBe("session");
    expect(stored(session, CART_SESSION_KEY)).toMatchObject([{ productId: "7", qty: 2 }]);
    expect(stored(session, CART_BACKUP_KEY)).toMatchObject({ version: "2.0" });
  });

  it("keeps the cart in memory when no storage works", () => {
    const store = createCartStore({ local: new RefusingStorage(), session: null });
    store.add(baklava);
    store.add({ ...baklava, qty: 1 });
    expect(store.getSnapshot().storage).toBe("memory");
    expect(store.getSnapshot().lines).toMatchObject([{ productId: "7", qty: 3 }]);
  });

  it("warns 'Failed to save cart data' when a save fails and carries on", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const local = new FillingStorage();
    const store = createCartStore({ local });
    store.start();
    local.full = true;
    store.add(baklava);
    expect(warn).toHaveBeenCalledWith("Failed to save cart data");
    expect(store.getSnapshot().lines).toMatchObject([{ productId: "7", qty: 2 }]);
    store.setQty("item:7:500", 5);
    expect(store.getSnapshot().lines[0]?.qty).toBe(5);
  });
});

describe("cart store loading", () => {
  const line = { productId: "1", name: "Maamoul", price: 10, image: "", qty: 1, timestamp: 5 };

  it("reads local first, then session, then the backup", () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem(
      CART_BACKUP_KEY,
      JSON.stringify({ data: [{ ...line, productId: "3" }], timestamp: 1, version: "2.0" }),
    );
    session.setItem(CART_SESSION_KEY, JSON.stringify([{ ...line, productId: "2" }]));
    local.setItem(CART_STORAGE_KEY, JSON.stringify([line]));
    const first = createCartStore({ local, session });
    first.start();
    expect(first.getSnapshot().lines.map((l) => l.productId)).toEqual(["1"]);

    local.removeItem(CART_STORAGE_KEY);
    const second = createCartStore({ local, session });
    second.start();
    expect(second.getSnapshot().lines.map((l) => l.productId)).toEqual(["2"]);

    session.removeItem(CART_SESSION_KEY);
    const third = createCartStore({ local, session });
    third.start();
    expect(third.getSnapshot().lines.map((l) => l.productId)).toEqual(["3"]);
  });

  it("ignores a backup of another version", () => {
    const local = new MemoryStorage();
    local.setItem(CART_BACKUP_KEY, JSON.stringify({ data: [line], timestamp: 1, version: "1.0" }));
    const store = createCartStore({ local });
    store.start();
    expect(store.getSnapshot().lines).toEqual([]);
  });

  it("drops invalid lines silently and saves the cleaned cart", () => {
    const local = new MemoryStorage();
    local.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...line, price: 10.456, qty: 2.9 },
        { ...line, productId: "  " },
        { ...line, productId: "9", name: "" },
        { ...line, productId: "8", price: -1 },
        { ...line, productId: "6", qty: 0 },
      ]),
    );
    const store = createCartStore({ local });
    store.start();
    expect(store.getSnapshot().lines).toEqual([{ ...line, price: 10.46, qty: 2 }]);
    expect(stored(local)).toEqual([{ ...line, price: 10.46, qty: 2 }]);
  });

  it.each(LEGACY_CART_KEYS)("migrates the legacy %s cart on start and removes it", (key) => {
    const shapes: Record<string, unknown> = {
      cart: [{ productId: "4", name: "Kunafa", price: 8, image: "", qty: 2, timestamp: 1 }],
      cartItems: [{ id: "4", title: "Kunafa", price: 8, quantity: 2, image: "" }],
      shopping_cart: { items: [{ id: "4", title: "Kunafa", price: 8, quantity: 2 }] },
      cart_v1: { "4": { name: "Kunafa", price: 8, qty: 2 } },
    };
    const local = new MemoryStorage();
    local.setItem(CART_STORAGE_KEY, JSON.stringify([line]));
    local.setItem(key, JSON.stringify(shapes[key]));
    const store = createCartStore({ local });
    store.start();
    expect(store.getSnapshot().lines).toMatchObject([
      { productId: "1", qty: 1 },
      { productId: "4", name: "Kunafa", price: 8, qty: 2 },
    ]);
    expect(local.getItem(key)).toBeNull();
    expect(stored(local)).toHaveLength(2);
  });
});

describe("cart store operations", () => {
  it("adds to the line of the same product and weight, else makes a new line", () => {
    const store = createCartStore({ local: new MemoryStorage() });
    store.add(baklava);
    store.add({ ...baklava, qty: 1 });
    store.add({ ...baklava, grams: 1000 });
    expect(store.getSnapshot().lines).toMatchObject([
      { productId: "7", grams: 500, qty: 3 },
      { productId: "7", qty: 2, default_grams: 1000 },
    ]);
    expect(store.getSnapshot().lines[1]?.grams).toBeUndefined();
  });

  it("sets quantity (min 1, floored) only on an existing line", () => {
    const store = createCartStore({ local: new MemoryStorage() });
    store.add(baklava);
    store.setQty("item:7:500", 0);
    expect(store.getSnapshot().lines[0]?.qty).toBe(1);
    store.setQty("item:7:500", 4.7);
    expect(store.getSnapshot().lines[0]?.qty).toBe(4);
    store.setQty("item:99", 3);
    expect(store.getSnapshot().lines).toHaveLength(1);
  });

  it("removing the last line and clearing both wipe storage", () => {
    const local = new MemoryStorage();
    const store = createCartStore({ local });
    store.add(baklava);
    store.remove("item:7:500");
    expect(local.items.size).toBe(0);
    store.add(baklava);
    store.add({ ...baklava, productId: "8" });
    store.clear();
    expect(store.getSnapshot().lines).toEqual([]);
    expect(local.items.size).toBe(0);
  });

  it("tells this tab of each save and follows other tabs through the storage event", () => {
    const local = new MemoryStorage();
    const target = new EventTarget();
    const changes = vi.fn();
    target.addEventListener(CART_CHANGE_EVENT, changes);
    const store = createCartStore({ local, target });
    const listener = vi.fn();
    store.subscribe(listener);
    store.add(baklava);
    expect(changes).toHaveBeenCalledTimes(1);

    // Another tab writes a different cart, then clears it.
    const other = [{ productId: "5", name: "Halva", price: 3, image: "", qty: 6, timestamp: 2 }];
    local.setItem(CART_STORAGE_KEY, JSON.stringify(other));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot().lines).toMatchObject([{ productId: "5", qty: 6 }]);
    local.items.clear();
    target.dispatchEvent(Object.assign(new Event("storage"), { key: CART_STORAGE_KEY }));
    expect(store.getSnapshot().lines).toEqual([]);
    expect(listener).toHaveBeenCalled();
  });
});
