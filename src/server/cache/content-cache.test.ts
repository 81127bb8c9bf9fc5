import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPostgres } from "../db/client.ts";
import { categories, products } from "../db/schema/catalog.ts";
import { faqItems, policySections } from "../db/schema/company.ts";
import { kitchenDishes } from "../db/schema/kitchen.ts";
import { addProduct, orderBody, placeOrder } from "../modules/orders/test-fixtures.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createContentCache, dependOnStock } from "./content-cache.ts";

describe("createContentCache", () => {
  function fakeDatabase() {
    let version = 0;
    const stock = new Map<number, { version: number; grams: number | null }>();
    return {
      bump: () => version++,
      /** An order: the product's stock moves to `grams`, its version up by one. */
      sell: (id: number, grams: number) =>
        stock.set(id, { version: (stock.get(id)?.version ?? 0) + 1, grams }),
      row: (id: number, smallest = 500) => ({
        id,
        stockVersion: stock.get(id)?.version ?? 0,
        stockGrams: stock.get(id)?.grams ?? 10_000,
        smallest,
        largest: smallest,
      }),
      contentVersion: async () => String(version),
      stockNow: async () => ({ rows: stock, complete: false }),
    };
  }

  it("an amount shown goes stale with any order for the product; in-stock-only values when it sells out", async () => {
    const database = fakeDatabase();
    const cache = createContentCache(database);
    let loads = 0;
    const detail = (id: number) => async () => {
      dependOnStock([database.row(id)], { exact: true });
      return ++loads;
    };
    const listing = (ids: number[]) => async () => {
      dependOnStock(
        ids.map((id) => database.row(id)),
        { exact: false },
      );
      return ++loads;
    };
    expect(await cache.get("p1", detail(1))).toBe(1);
    expect(await cache.get("p2", detail(2))).toBe(2);
    expect(await cache.get("list", listing([1, 2]))).toBe(3);
    database.sell(1, 5000); // still in stock
    expect(await cache.get("p2", detail(2))).toBe(2); // another product: kept
    expect(await cache.get("list", listing([1, 2]))).toBe(3); // availability unchanged: kept
    expect(await cache.get("p1", detail(1))).toBe(4); // its amount changed: read again
    expect(await cache.get("p1", detail(1))).toBe(4);
    database.sell(1, 400); // less than the smallest option (500 g): sold out
    expect(await cache.get("list", listing([1, 2]))).toBe(5);
    expect(await cache.get("list", listing([1, 2]))).toBe(5);
  });

  it("hands the stock a nested value depends on to the value around it, on a hit as on a miss", async () => {
    const database = fakeDatabase();
    const cache = createContentCache(database);
    const inner = async () => {
      dependOnStock([database.row(7)], { exact: true });
      return "product 7";
    };
    let outerLoads = 0;
    const outer = async () => `${await cache.get("inner", inner)} as JSON ${++outerLoads}`;
    expect(await cache.get("outer", outer)).toBe("product 7 as JSON 1");
    // The inner value is now a hit; a second outer value built from it depends on 7 as well.
    const { stock } = await cache.collect(() => cache.get("outer-2", outer));
    expect(stock.get(7)).toMatchObject({ version: 0, inStock: true, exact: true });
    database.sell(7, 30_000);
    expect(await cache.get("outer", outer)).toBe("product 7 as JSON 3");
    expect(await cache.get("outer-2", outer)).toBe("product 7 as JSON 4");
    // A page that shows only availability takes the same values as in-stock-only (with plenty
    // left: under 20 kg the product page says how much).
    const page = await cache.collect(() => cache.get("outer", outer), { availabilityOnly: true });
    expect(page.stock.get(7)).toMatchObject({ exact: false });
    database.sell(7, 29_000);
    expect(await cache.stockUnchanged(page.stock)).toBe(true);
    database.sell(7, 0);
    expect(await cache.stockUnchanged(page.stock)).toBe(false);
  });

  it("a page that says how much is left goes stale when that changes, not while plenty is left", async () => {
    const database = fakeDatabase();
    const cache = createContentCache(database);
    database.sell(3, 50_000);
    let loads = 0;
    const productPage = async () => {
      dependOnStock([database.row(3, 1000)], { exact: true });
      return ++loads;
    };
    const collectPage = () =>
      cache.collect(() => cache.get("page", productPage), { availabilityOnly: true });
    const plenty = await collectPage();
    expect(plenty.stock.get(3)).toMatchObject({ exact: false, showsLeft: true, left: null });
    database.sell(3, 21_000); // still plenty: the page says only "In stock"
    expect(await cache.stockUnchanged(plenty.stock)).toBe(true);
    database.sell(3, 12_000); // now it says "Only 12 kg left"
    expect(await cache.stockUnchanged(plenty.stock)).toBe(false);
    const low = await collectPage();
    expect(low.stock.get(3)).toMatchObject({ left: 12_000 });
    database.sell(3, 11_000);
    expect(await cache.stockUnchanged(low.stock)).toBe(false);
    // A listing shows no amount: an order that leaves some stays invisible to it.
    const listing = await cache.collect(async () => {
      dependOnStock([database.row(3, 1000)], { exact: false });
    });
    database.sell(3, 10_000);
    expect(await cache.stockUnchanged(listing.stock)).toBe(true);
  });

  it("serves a value until the version changes, then loads it again", async () => {
    const database = fakeDatabase();
    const cache = createContentCache(database);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    database.bump();
    expect(await cache.get("k", load)).toBe(2);
    expect(cache.size()).toBe(1);
  });

  it("shares one load between concurrent misses and forgets a failed load", async () => {
    const cache = createContentCache(fakeDatabase());
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get("k", slow), cache.get("k", slow)])).toEqual([1, 1]);
    await expect(cache.get("bad", () => Promise.reject(new Error("boom")))).rejects.toThrow();
    expect(await cache.get("bad", async () => "fine")).toBe("fine");
  });

  it("keeps at most maxEntries, forgetting the oldest", async () => {
    const cache = createContentCache(fakeDatabase(), { maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.size()).toBe(2);
    expect(await cache.get("a", async () => "reloaded")).toBe("reloaded");
  });
});

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  productId = await addProduct(t.database.db, {
    name: "Cache Pistachio Fingers",
    priceCents: 4000,
    stockGrams: 1000,
  });
});
afterAll(() => t?.close());

const listed = async (app: FastifyInstance) =>
  (await app.inject("/api/products?per_page=100")).json().data as Array<{
    id: number;
    name: string;
    price: number;
    in_stock: boolean;
  }>;
const detail = async (app: FastifyInstance) => {
  const res = await app.inject(`/api/products/${productId}`);
  return res.statusCode === 200 ? res.json().data : null;
};

describe("public reads through the cache are fresh on the next read", () => {
  it("the content version changes with each write to a public table, not otherwise", async () => {
    const v1 = await t.app.services.contentVersion();
    expect(await t.app.services.contentVersion()).toBe(v1);
    await t.database.db
      .update(products)
      .set({ priceCents: 4100 })
      .where(eq(products.id, productId));
    const v2 = await t.app.services.contentVersion();
    expect(v2).not.toBe(v1);
    await t.app.services.settings.update({ cartDiscountPercent: 15 });
    expect(await t.app.services.contentVersion()).not.toBe(v2);
  });

  it("a product write shows at once in the listing and the detail (warm cache)", async () => {
    await listed(t.app);
    await detail(t.app);
    await t.database.db
      .update(products)
      .set({ nameEn: "Cache Cashew Fingers", priceCents: 4500 })
      .where(eq(products.id, productId));
    expect((await listed(t.app)).find((p) => p.id === productId)).toMatchObject({
      name: "Cache Cashew Fingers",
      price: 45,
    });
    expect(await detail(t.app)).toMatchObject({ name: "Cache Cashew Fingers", price: 45 });

    await t.database.db.update(products).set({ active: false }).where(eq(products.id, productId));
    expect((await listed(t.app)).some((p) => p.id === productId)).toBe(false);
    expect(await detail(t.app)).toBeNull();
    await t.database.db.update(products).set({ active: true }).where(eq(products.id, productId));
    expect(await detail(t.app)).not.toBeNull();
  });

  it("an order leaves the content version alone and stales only what shows its products", async () => {
    const other = await addProduct(t.database.db, { name: "Cache Bystander", stockGrams: 5000 });
    await t.database.db
      .update(products)
      .set({ stockGrams: 5000 })
      .where(eq(products.id, productId));
    const bystander = () => t.app.inject(`/api/products/${other}`);
    await detail(t.app);
    expect((await bystander()).statusCode).toBe(200);
    const version = await t.app.services.contentVersion();

    const res = await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(await t.app.services.contentVersion()).toBe(version);
    const before = t.app.services.cache.stats();
    // The other product's page is a hit (its JSON and its detail: no load at all)...
    expect((await bystander()).json().data).toMatchObject({ stock: 5 });
    expect(t.app.services.cache.stats().loads).toBe(before.loads);
    // ...the ordered product's page is read again, with its new stock.
    expect(await detail(t.app)).toMatchObject({ stock: 4 });
    expect(t.app.services.cache.stats().loads).toBeGreaterThan(before.loads);
  });

  it("an order's stock change shows at once", async () => {
    await t.database.db
      .update(products)
      .set({ stockGrams: 1000 })
      .where(eq(products.id, productId));
    expect(await detail(t.app)).toMatchObject({ stock: 1, inStock: true });
    expect((await listed(t.app)).find((p) => p.id === productId)?.in_stock).toBe(true);

    const res = await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(await detail(t.app)).toMatchObject({ stock: 0, inStock: false });
    expect((await listed(t.app)).find((p) => p.id === productId)?.in_stock).toBe(false);
  });

  it("categories and settings follow their writes", async () => {
    const [cat] = await t.database.db
      .insert(categories)
      .values({ slug: "cache-trays", nameEn: "Cache trays" })
      .returning({ id: categories.id });
    const names = async () =>
      ((await t.app.inject("/api/categories")).json().data as { name: string }[]).map(
        (c) => c.name,
      );
    expect(await names()).toContain("Cache trays");
    await t.database.db
      .update(categories)
      .set({ nameEn: "Cached trays" })
      .where(eq(categories.id, cat!.id));
    expect(await names()).toContain("Cached trays");

    await t.app.services.settings.update({ deliveryFeeCents: 1234 });
    expect((await t.app.services.settings.get()).deliveryFeeCents).toBe(1234);
    // A write that bypasses the service (another instance, a script) is seen too.
    await t.database.db.execute(
      "update settings set value = jsonb_set(value, '{deliveryFeeCents}', '999') where key = 'shop'" as never,
    );
    expect((await t.app.services.settings.get()).deliveryFeeCents).toBe(999);
  });
});

const menuTitles = async (app: FastifyInstance) =>
  ((await app.inject("/api/kitchen?filter=today")).json().data as { title: string }[]).map(
    (d) => d.title,
  );
const faqQuestions = async (app: FastifyInstance) =>
  ((await app.inject("/api/content/faq")).json().data as { question_en: string }[]).map(
    (f) => f.question_en,
  );
const policyTitles = async (app: FastifyInstance) =>
  ((await app.inject("/api/content/policies/refund")).json().data as { title_en: string }[]).map(
    (p) => p.title_en,
  );

describe("the FAQ and policy pages follow their writes (the triggers, not the service)", () => {
  it("an FAQ item and a policy section written in the database show on the next read", async () => {
    const before = await faqQuestions(t.app);
    expect(before.length).toBeGreaterThan(0);
    const [item] = await t.database.db
      .insert(faqItems)
      .values({ questionEn: "Cached question?", answerEn: "Fresh answer.", position: 99 })
      .returning({ id: faqItems.id });
    expect(await faqQuestions(t.app)).toContain("Cached question?");
    await t.database.db.delete(faqItems).where(eq(faqItems.id, item!.id));
    expect(await faqQuestions(t.app)).toEqual(before);

    const [first] = await policyTitles(t.app);
    expect(first).toBeTruthy();
    await t.database.db
      .update(policySections)
      .set({ titleEn: "Refunds, freshly edited" })
      .where(and(eq(policySections.page, "refund"), eq(policySections.titleEn, first!)));
    expect(await policyTitles(t.app)).toContain("Refunds, freshly edited");
  });
});

describe("the kitchen menu follows its writes (the trigger, not the service)", () => {
  it("a dish added, renamed and hidden shows on the next menu read", async () => {
    expect(await menuTitles(t.app)).not.toContain("Cache Kibbeh");
    const [dish] = await t.database.db
      .insert(kitchenDishes)
      .values({ titleEn: "Cache Kibbeh", priceCents: 900 })
      .returning({ id: kitchenDishes.id });
    expect(await menuTitles(t.app)).toContain("Cache Kibbeh");
    await t.database.db
      .update(kitchenDishes)
      .set({ titleEn: "Cache Fattoush" })
      .where(eq(kitchenDishes.id, dish!.id));
    expect(await menuTitles(t.app)).toContain("Cache Fattoush");
    await t.database.db
      .update(kitchenDishes)
      .set({ active: false })
      .where(eq(kitchenDishes.id, dish!.id));
    expect(await menuTitles(t.app)).not.toContain("Cache Fattoush");
  });
});

describe("a second app instance on the same database", () => {
  let other: FastifyInstance;
  let otherDatabase: Database | undefined;

  beforeAll(async () => {
    // PostgreSQL: a second pool, as another server process would have. PGlite has one
    // process per data directory, so the second app shares its database handle.
    otherDatabase = t.url ? await openPostgres(t.url, 2) : undefined;
    other = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: t.dataDir, LOG_LEVEL: "silent" }),
      database: otherDatabase ?? t.database,
      web: "none",
      rateLimit: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  it("sees a write made through the first instance on its next read, and the reverse", async () => {
    await listed(other);
    await detail(other);
    await t.database.db
      .update(products)
      .set({ priceCents: 5200 })
      .where(eq(products.id, productId));
    expect(await detail(other)).toMatchObject({ price: 52 });
    expect((await listed(other)).find((p) => p.id === productId)?.price).toBe(52);

    await detail(t.app);
    await other.database.db
      .update(products)
      .set({ priceCents: 5300 })
      .where(eq(products.id, productId));
    expect(await detail(t.app)).toMatchObject({ price: 53 });

    await other.services.settings.update({ deliveryFeeCents: 777 });
    expect((await t.app.services.settings.get()).deliveryFeeCents).toBe(777);
  });

  it("sees an order's stock change made through the other instance at once", async () => {
    await t.database.db
      .update(products)
      .set({ stockGrams: 2000, active: true })
      .where(eq(products.id, productId));
    expect(await detail(other)).toMatchObject({ stock: 2, inStock: true });
    const res = await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 2 }]));
    expect(res.statusCode).toBe(201);
    expect(await detail(other)).toMatchObject({ stock: 0, inStock: false });
    expect((await listed(other)).find((p) => p.id === productId)?.in_stock).toBe(false);
  });

  it("sees kitchen and FAQ writes made through the other instance", async () => {
    await menuTitles(other);
    await faqQuestions(other);
    await t.database.db.insert(kitchenDishes).values({ titleEn: "Cross Instance Shakriyeh" });
    await t.database.db
      .insert(faqItems)
      .values({ questionEn: "Seen by both?", answerEn: "Yes.", position: 98 });
    expect(await menuTitles(other)).toContain("Cross Instance Shakriyeh");
    expect(await faqQuestions(other)).toContain("Seen by both?");
  });
});
