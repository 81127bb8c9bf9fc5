import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOOD_MESSAGES } from "../../../shared/domain/food.ts";
import { products } from "../../db/schema/catalog.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";

// Food information on products: the product form writes it, the shop shows it and filters by it.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: number;

const food = {
  ingredients: "Wheat flour, pistachios (30%), ghee, sugar, rose water",
  ingredients_ar: "طحين القمح، فستق حلبي (30%)، سمن، سكر، ماء الورد",
  allergens: ["nuts", "gluten", "milk"],
  traces: ["sesame"],
  shelf_life_days: 21,
  storage: "Keep cool and dry, away from sunlight.",
  storage_ar: "يحفظ في مكان بارد وجاف بعيدًا عن الشمس.",
  nutrition: {
    energy_kj: 2010,
    energy_kcal: 480,
    fat: 26,
    saturates: 11,
    carbohydrate: 54,
    sugars: 30,
    protein: 8.5,
    salt: 0.1,
  },
  origin: "SY",
  hs_code: "1905.90",
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  categoryId = (
    await t.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: admin.auth,
      payload: { name: "Baklava" },
    })
  ).json().data.id;
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: admin.auth,
    payload: { price: 30, category_id: categoryId, ...payload },
  });
const update = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}`,
    headers: admin.auth,
    payload: { price: 30, category_id: categoryId, ...payload },
  });
const listIds = async (query: string) => {
  const res = await t.app.inject({ url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((p) => p.id).sort((a, b) => a - b);
};

describe("food information", () => {
  let baklava: number;
  let plain: number;
  let unknown: number;
  let traces: number;

  it("is written by the product form and shown by the admin and the shop", async () => {
    const res = await create({ name: "Pistachio baklava", food });
    expect(res.statusCode).toBe(201);
    baklava = res.json().data.id;
    const expected = {
      ...food,
      allergens: ["gluten", "milk", "nuts"],
      hs_code: "190590",
    };
    expect(res.json().data.food).toEqual(expected);
    const shop = await t.app.inject({ url: `/api/products/${baklava}` });
    expect(shop.json().data.food).toEqual(expected);
    // The change is in the product's history, field by field.
    const history = await t.app.inject({
      url: `/api/admin/audit?entity=product&entity_id=${baklava}`,
      headers: admin.auth,
    });
    const fields = history.json().data[0].changes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(expect.arrayContaining(["food_allergens", "food_ingredients"]));
  });

  it("is null when none is given, and an update without it keeps it", async () => {
    const res = await create({ name: "Plain barazek", food: null });
    unknown = res.json().data.id;
    expect(res.json().data.food).toBeNull();
    expect((await t.app.inject({ url: `/api/products/${unknown}` })).json().data.food).toBeNull();
    const kept = await update(baklava, { name: "Pistachio baklava" });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.food.allergens).toEqual(["gluten", "milk", "nuts"]);
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const res = await create({
      name: "Bad",
      food: {
        ...food,
        allergens: ["nuts", "chocolate"],
        nutrition: { ...food.nutrition, sugars: 120, fat: -1 },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      "food.allergens": [FOOD_MESSAGES.ALLERGEN_UNKNOWN],
      "food.nutrition.sugars": [FOOD_MESSAGES.NUTRIENT],
      "food.nutrition.fat": [FOOD_MESSAGES.NUTRIENT],
    });
    const rows = await t.database.db.select().from(products).where(eq(products.nameEn, "Bad"));
    expect(rows).toHaveLength(0);
  });

  it("filters the shop: ?without=nuts leaves out products with nuts, traces of them, or no food information", async () => {
    plain = (
      await create({
        name: "Date maamoul",
        food: { ingredients: "Semolina, dates, ghee", allergens: ["gluten", "milk"] },
      })
    ).json().data.id;
    traces = (
      await create({
        name: "Barazek",
        food: { ingredients: "Flour, sesame", allergens: ["gluten", "sesame"], traces: ["nuts"] },
      })
    ).json().data.id;
    expect(await listIds("")).toEqual([baklava, unknown, plain, traces]);
    expect(await listIds("?without=nuts")).toEqual([plain]);
    expect(await listIds("?without=sesame")).toEqual([plain]);
    expect(await listIds("?without=milk,gluten")).toEqual([]);
    expect(await listIds("?without=eggs&search=maamoul")).toEqual([plain]);
  });

  it("a write is visible on the next filtered read (the listing's cache key holds the filter)", async () => {
    expect(await listIds("?without=nuts")).toEqual([plain]);
    await update(baklava, { name: "Pistachio baklava", food: { ...food, allergens: ["gluten"] } });
    // Still a trace of sesame, no nuts now.
    expect(await listIds("?without=nuts")).toEqual([baklava, plain]);
    expect(await listIds("?without=nuts,sesame")).toEqual([plain]);
    await update(baklava, { name: "Pistachio baklava", food });
    expect(await listIds("?without=nuts")).toEqual([plain]);
  });

  it("an unknown allergen in ?without is a 400 with the error shape", async () => {
    const res = await t.app.inject({ url: "/api/products?without=nuts,chocolate" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  });
});
