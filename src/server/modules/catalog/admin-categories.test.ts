import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const create = (payload: Body) =>
  t.app.inject({ method: "POST", url: "/api/admin/categories", headers: admin.auth, payload });
const update = (id: number | string, payload: Body) =>
  t.app.inject({ method: "PUT", url: `/api/admin/categories/${id}`, headers: admin.auth, payload });
const remove = (id: number | string) =>
  t.app.inject({ method: "DELETE", url: `/api/admin/categories/${id}`, headers: admin.auth });
const list = (query = "") =>
  t.app.inject({ url: `/api/admin/categories${query}`, headers: admin.auth });
const history = (id: number) =>
  t.app.inject({ url: `/api/admin/audit?entity=category&entity_id=${id}`, headers: admin.auth });

describe("admin categories", () => {
  it("creates a bilingual category with a slug derived from its name, shown publicly at once", async () => {
    const res = await create({
      name: "  Ma'amoul & Dates ",
      name_ar: "مَعمول بالتمر",
      description: "Filled cookies",
      description_ar: "كعك محشو",
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      slug: "ma-amoul-dates",
      name: "Ma'amoul & Dates",
      name_ar: "مَعمول بالتمر",
      description: "Filled cookies",
      description_ar: "كعك محشو",
      image_url: null,
      daily_cap_grams: null,
      products_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const pub = (await t.app.inject({ url: "/api/categories" })).json().data;
    expect(pub.map((c: { slug: string }) => c.slug)).toContain("ma-amoul-dates");

    const audit = (await history(data.id)).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", actor: { id: admin.id, name: "Owner" } });
    expect(audit[0].changes).toContainEqual({
      field: "name",
      before: null,
      after: "Ma'amoul & Dates",
    });
  });

  it("keeps slugs unique and stable: a same-named category gets -2, a rename keeps the slug", async () => {
    const a = (await create({ name: "Gift Boxes" })).json().data;
    const b = (await create({ name: "gift boxes" })).json().data;
    expect([a.slug, b.slug]).toEqual(["gift-boxes", "gift-boxes-2"]);
    const arabicOnly = (await create({ name: "حلويات" })).json().data;
    expect(arabicOnly.slug).toBe("category");

    const renamed = await update(a.id, { name: "Gift Trays", name_ar: "صواني" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      slug: "gift-boxes",
      name: "Gift Trays",
      name_ar: "صواني",
    });
    const audit = (await history(a.id)).json().data;
    expect(audit[0].action).toBe("update");
    expect(audit[0].changes).toEqual([
      { field: "name", before: "Gift Boxes", after: "Gift Trays" },
      { field: "name_ar", before: "", after: "صواني" },
    ]);
  });

  it.each([
    [{}, "Name is required"],
    [{ name: "   " }, "Name is required"],
    [{ name: 5 }, "Name is required"],
    [{ name: "x".repeat(121) }, "This text is too long."],
  ])("refuses %j with 422 keyed name", async (payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { name: [message] } });
  });

  it("refuses an update without a name, and 404s an unknown id", async () => {
    const { data } = (await create({ name: "Temp" })).json();
    const res = await update(data.id, { name: "" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(["Name is required"]);
    expect((await update(999999, { name: "X" })).statusCode).toBe(404);
    expect((await update("abc", { name: "X" })).statusCode).toBe(400);
    expect((await remove(999999)).statusCode).toBe(404);
  });

  it("searches both languages with the storefront's Arabic folding, and pages", async () => {
    // "معمول" without the vowel mark finds "مَعمول".
    const found = (await list("?search=%D9%85%D8%B9%D9%85%D9%88%D9%84")).json();
    expect(found.data.map((c: { slug: string }) => c.slug)).toEqual(["ma-amoul-dates"]);
    expect((await list("?search=MA'AMOUL")).json().meta.total).toBe(1);
    const paged = (await list("?per_page=2&page=2")).json();
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 2 });
    expect((await list("?per_page=0")).statusCode).toBe(400);
  });

  it("refuses to delete a category with products (409 naming how many), deletes an empty one", async () => {
    const { data } = (await create({ name: "Busy" })).json();
    const { database } = t;
    const { products } = await import("../../db/schema/catalog.ts");
    const { eq } = await import("drizzle-orm");
    for (const _ of [1, 2]) {
      const id = await addProduct(database.db);
      await database.db.update(products).set({ categoryId: data.id }).where(eq(products.id, id));
    }
    expect((await list("?search=busy")).json().data[0].products_count).toBe(2);
    const res = await remove(data.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This category still has 2 products. Move or delete them first.",
    );

    const empty = (await create({ name: "Empty" })).json().data;
    const gone = await remove(empty.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ data: { id: empty.id } });
    expect((await list("?search=empty")).json().data).toEqual([]);
    const audit = (await history(empty.id)).json().data;
    expect(audit[0]).toMatchObject({ action: "delete" });
    expect(audit[0].changes).toContainEqual({ field: "name", before: "Empty", after: null });
  });

  it.each([
    ["GET", "/api/admin/categories"],
    ["POST", "/api/admin/categories"],
    ["PUT", "/api/admin/categories/1"],
    ["DELETE", "/api/admin/categories/1"],
  ])("%s %s: 401 anonymous, 403 for a customer", async (method, url) => {
    const m = method as "GET";
    expect(
      (
        await t.app.inject({
          method: m,
          url,
          payload: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
        })
      ).statusCode,
    ).toBe(401);
    const res = await t.app.inject({
      method: m,
      url,
      headers: customer.auth,
      payload: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
    });
    expect(res.statusCode).toBe(403);
  });
});
