import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_LIST_MESSAGES } from "../../../shared/domain/price-lists.ts";
import { TRADER_MESSAGES } from "../../../shared/schemas/traders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { priceLists, traders } from "../../db/schema/traders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken, type TestUser } from "../../test/fixtures.ts";
import { addProduct } from "../orders/test-fixtures.ts";

let t: TestApp;
let owner: TestUser;
let clerk: TestUser;
let cook: TestUser;
let customer: TestUser;
let product: number;
let category: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true });
  clerk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
  cook = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
  customer = await createUserWithToken(t.app);
  product = await addProduct(t.database.db, { priceCents: 3000 });
  const cat = await t.app.inject({
    method: "POST",
    url: "/api/admin/categories",
    headers: owner.auth,
    payload: { name: "Baklava", name_ar: "بقلاوة" },
  });
  category = cat.json().data.id;
});
afterAll(() => t.close());

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = owner.auth,
) => t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

const goodList = () => ({
  name: "Distributors",
  min_order_total: 500,
  products: [
    {
      product_id: product,
      price_per_kg: 20,
      min_grams: 5000,
      tiers: [
        { from_grams: 10_000, price_per_kg: 18 },
        { from_grams: 25_000, price_per_kg: 16.5 },
      ],
    },
  ],
  categories: [{ category_id: category, percent_off: 25 }],
});

async function enquiry(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/traders",
    payload: {
      full_name: "Omar Haddad",
      country: "de",
      city: "Berlin",
      phone: "+49 30 000000",
      company_name: "Haddad Feinkost",
      email: `omar${Math.random().toString(36).slice(2, 8)}@example.com`,
      ...extra,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe("price lists", () => {
  it("create, list, replace and delete; money in dollars, stored in cents", async () => {
    const created = await call("POST", "/api/admin/price-lists", goodList());
    expect(created.statusCode).toBe(201);
    const list = created.json().data;
    expect(list).toMatchObject({ ...goodList(), id: expect.any(Number) });
    const [row] = await t.database.db.select().from(priceLists).where(eq(priceLists.id, list.id));
    expect(row!.minOrderTotalCents).toBe(50_000);
    expect(row!.products[0]!.tiers[1]).toEqual({ fromGrams: 25_000, pricePerKgCents: 1650 });

    const all = await call("GET", "/api/admin/price-lists", undefined, clerk.auth);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((l: { id: number }) => l.id)).toContain(list.id);

    const replaced = await call("PUT", `/api/admin/price-lists/${list.id}`, {
      ...goodList(),
      name: "Hotels",
      categories: [],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data).toMatchObject({ name: "Hotels", categories: [] });

    expect((await call("DELETE", `/api/admin/price-lists/${list.id}`)).statusCode).toBe(204);
    expect((await call("DELETE", `/api/admin/price-lists/${list.id}`)).statusCode).toBe(404);
  });

  it.each([
    [
      "tiers out of order",
      {
        products: [
          {
            product_id: 0,
            price_per_kg: 20,
            tiers: [
              { from_grams: 20_000, price_per_kg: 18 },
              { from_grams: 10_000, price_per_kg: 16 },
            ],
          },
        ],
      },
      "products.0.tiers.1.from_grams",
      PRICE_LIST_MESSAGES.TIERS_ORDER,
    ],
    [
      "a product twice",
      {
        products: [
          { product_id: 0, price_per_kg: 20 },
          { product_id: 0, price_per_kg: 19 },
        ],
      },
      "products.1.product_id",
      PRICE_LIST_MESSAGES.PRODUCT_TWICE,
    ],
    [
      "a percentage over 100",
      { categories: [{ category_id: -1, percent_off: 120 }] },
      "categories.0.percent_off",
      PRICE_LIST_MESSAGES.PERCENT,
    ],
    [
      "an unknown product",
      { products: [{ product_id: 999_999, price_per_kg: 20 }] },
      "products.0.product_id",
      TRADER_MESSAGES.UNKNOWN_PRODUCT,
    ],
    ["no name", { name: "" }, "name", TRADER_MESSAGES.NAME],
    [
      "a price of 0",
      { products: [{ product_id: 0, price_per_kg: 0 }] },
      "products.0.price_per_kg",
      TRADER_MESSAGES.PRICE,
    ],
  ])("%s: 422, nothing written", async (_, change, field, message) => {
    const body = { ...goodList(), ...change } as Record<string, unknown>;
    // Fill in the real ids this file made (0 = the product, -1 = the category).
    const json = JSON.stringify(body)
      .replaceAll('"product_id":0', `"product_id":${product}`)
      .replaceAll('"category_id":-1', `"category_id":${category}`);
    const before = await t.database.db.$count(priceLists);
    const res = await call("POST", "/api/admin/price-lists", JSON.parse(json));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await t.database.db.$count(priceLists)).toBe(before);
  });

  it("a list a trader buys under cannot be deleted (409)", async () => {
    const list = (await call("POST", "/api/admin/price-lists", goodList())).json().data;
    const id = await enquiry();
    await call("POST", `/api/admin/inbox/${id}/approve-trader`, {
      price_list_id: list.id,
      terms_days: 30,
      credit_limit: 1000,
    });
    const res = await call("DELETE", `/api/admin/price-lists/${list.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRADER_MESSAGES.LIST_IN_USE);
  });

  it.each([
    ["GET", "/api/admin/price-lists"],
    ["POST", "/api/admin/price-lists"],
    ["PUT", "/api/admin/price-lists/1"],
    ["DELETE", "/api/admin/price-lists/1"],
    ["GET", "/api/admin/traders"],
    ["POST", "/api/admin/traders"],
    ["PATCH", "/api/admin/traders/1"],
    ["POST", "/api/admin/inbox/1/approve-trader"],
  ] as const)("%s %s: kitchen role 403, customer 403, nobody 401", async (method, url) => {
    expect((await call(method, url, goodList(), cook.auth)).statusCode).toBe(403);
    expect((await call(method, url, goodList(), customer.auth)).statusCode).toBe(403);
    expect((await call(method, url, goodList(), {})).statusCode).toBe(401);
  });
});

describe("approving an enquiry", () => {
  it("makes the trader and e-mails an invitation in the enquiry's language; the link sets the password and signs in", async () => {
    const list = (await call("POST", "/api/admin/price-lists", goodList())).json().data;
    const email = `sami${Date.now()}@example.com`;
    const id = await enquiry({ email, lang: "ar", full_name: "سامي" });
    const res = await call(
      "POST",
      `/api/admin/inbox/${id}/approve-trader`,
      { price_list_id: list.id, terms_days: 30, credit_limit: 2500.5 },
      clerk.auth,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email,
      company_name: "Haddad Feinkost",
      contact_name: "سامي",
      country: "DE",
      lang: "ar",
      price_list_id: list.id,
      terms_days: 30,
      credit_limit: 2500.5,
      status: "active",
      enquiry_id: id,
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.subject).toBe("حساب التاجر الخاص بك – حلويات القطر الذهبي");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(mail!.text).toContain("/ar/reset-password?token=");

    const password = "a long new password 123";
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password, password_confirmation: password },
    });
    expect(set.statusCode).toBeLessThan(300);
    // Single use, like a reset link.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password, password_confirmation: password },
    });
    expect(again.statusCode).toBe(422);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);

    // Approving the same enquiry twice: 409.
    const twice = await call("POST", `/api/admin/inbox/${id}/approve-trader`, {
      price_list_id: list.id,
    });
    expect(twice.statusCode).toBe(409);
  });

  it.each([
    ["an unknown enquiry", 999_999, {}, 404, null],
    ["an unknown price list", 0, { price_list_id: 999_999 }, 422, "price_list_id"],
    ["terms over a year", 0, { terms_days: 400 }, 422, "terms_days"],
    ["a negative credit limit", 0, { credit_limit: -1 }, 422, "credit_limit"],
  ])("%s: %i", async (_, given, body, status, field) => {
    const id = given || (await enquiry());
    const before = await t.database.db.$count(traders);
    const res = await call("POST", `/api/admin/inbox/${id}/approve-trader`, {
      price_list_id: null,
      ...body,
    });
    expect(res.statusCode).toBe(status);
    if (field) expect(res.json().errors[field]).toBeDefined();
    expect(await t.database.db.$count(traders)).toBe(before);
  });

  it("an enquiry without an e-mail: 422 saying to add the trader by hand", async () => {
    const id = await enquiry({ email: undefined });
    const res = await call("POST", `/api/admin/inbox/${id}/approve-trader`, {
      price_list_id: null,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([TRADER_MESSAGES.ENQUIRY_NO_EMAIL]);
  });
});

describe("traders", () => {
  it("added by hand, listed, suspended (signing in is 403, sessions end), active again", async () => {
    const email = `rana${Date.now()}@example.com`;
    const created = await call("POST", "/api/admin/traders", {
      company_name: "Rana Sweets Trading",
      contact_name: "Rana",
      email,
      phone: "+963 944 111 222",
      country: "sy",
      tax_number: "SY-123",
      price_list_id: null,
      terms_days: 0,
      credit_limit: 0,
    });
    expect(created.statusCode).toBe(201);
    const trader = created.json().data;
    expect(trader).toMatchObject({ country: "SY", tax_number: "SY-123", status: "active" });
    const list = await call("GET", "/api/admin/traders", undefined, clerk.auth);
    expect(list.json().data.map((d: { id: number }) => d.id)).toContain(trader.id);

    // The same e-mail again: 409.
    const dup = await call("POST", "/api/admin/traders", {
      company_name: "X",
      contact_name: "Y",
      email: email.toUpperCase(),
      phone: "+963 944 111 222",
      country: "SY",
    });
    expect(dup.statusCode).toBe(409);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const password = "another long password 9";
    await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password, password_confirmation: password },
    });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const session = { authorization: `Bearer ${login.json().token}` };

    const suspended = await call("PATCH", `/api/admin/traders/${trader.id}`, {
      status: "suspended",
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data.status).toBe("suspended");
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: TRADER_MESSAGES.SUSPENDED });
    const me = await t.app.inject({ url: "/api/account", headers: session });
    expect(me.statusCode).toBe(401);

    await call("PATCH", `/api/admin/traders/${trader.id}`, {
      status: "active",
      credit_limit: 99.99,
    });
    const back = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(back.statusCode).toBe(200);
  });

  it.each([
    [{ status: "closed" }, "status"],
    [{ terms_days: -1 }, "terms_days"],
    [{ credit_limit: 1.234 }, "credit_limit"],
    [{ price_list_id: 999_999 }, "price_list_id"],
  ])("PATCH %j: 422 on %s", async (body, field) => {
    const [any] = await t.database.db.select({ id: traders.id }).from(traders).limit(1);
    const res = await call("PATCH", `/api/admin/traders/${any!.id}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });

  it("PATCH an unknown trader: 404", async () => {
    const res = await call("PATCH", "/api/admin/traders/999999", { status: "active" });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    [{}, "company_name"],
    [
      {
        company_name: "A",
        contact_name: "B",
        email: "nope",
        phone: "+963 944 111 222",
        country: "SY",
      },
      "email",
    ],
    [
      { company_name: "A", contact_name: "B", email: "a@example.com", phone: "x", country: "SY" },
      "phone",
    ],
    [
      {
        company_name: "A",
        contact_name: "B",
        email: "a@example.com",
        phone: "+963 944 111 222",
        country: "Syria",
      },
      "country",
    ],
  ])("POST %j: 422 on %s", async (body, field) => {
    const res = await call("POST", "/api/admin/traders", body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });
});
