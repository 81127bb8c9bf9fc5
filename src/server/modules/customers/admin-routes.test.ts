import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../db/schema/customers.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let packer: Awaited<ReturnType<typeof createUserWithToken>>;
let cook: Awaited<ReturnType<typeof createUserWithToken>>;
let shopper: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, roles: ["owner"] });
  packer = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
  cook = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
  shopper = await createUserWithToken(t.app, {
    name: "Sami Account",
    email: "sami.account@example.com",
  });
  product = await addProduct(t.database.db, { name: "Baklava", priceCents: 2000 });
});
afterAll(() => t.close());

/** One 1 kg line of a 20.00 product (the shop's standing discount and delivery apply). */
async function order(extra: Record<string, unknown>, headers?: Record<string, string>) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], extra),
    headers ? { headers } : {},
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { number: string; total: number };
}

const list = (query = "", headers: Record<string, string> = owner.auth) =>
  t.app.inject({ url: `/api/admin/customers${query}`, headers });
const detail = (key: string, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ url: `/api/admin/customers/${encodeURIComponent(key)}`, headers });
const addNote = (key: string, body: unknown, headers: Record<string, string> = owner.auth) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/customers/${encodeURIComponent(key)}/notes`,
    headers,
    payload: body as object,
  });

describe("admin customers API", () => {
  let layla: { number: string; total: number }[];

  beforeAll(async () => {
    // One guest writing her e-mail two ways, one guest known by phone alone, one account.
    layla = [
      await order({ name: "ليلى أحمد", email: "Layla.Ahmad@Example.com", country: "SY" }),
      await order({ name: "ليلى أحمد", email: "layla.ahmad@example.com", country: "LB" }),
    ];
    await order({ name: "Omar Phone", email: undefined, phone: "+963 955 111 222" });
    await order(
      { name: "Sami Account", email: "sami.account@example.com", phone: "+963 966 000 333" },
      shopper.auth,
    );
  });

  it("groups a guest's orders by e-mail whatever its case: count, total, last order, country", async () => {
    const res = await list("?search=layla.ahmad");
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, per_page: 20, total: 1, last_page: 1 });
    expect(data).toEqual([
      {
        key: "e-layla.ahmad@example.com",
        kind: "guest",
        user_id: null,
        name: "ليلى أحمد",
        email: "layla.ahmad@example.com",
        phone: "+963944000111",
        country: "LB",
        order_count: 2,
        // Neither is paid yet: no money spent.
        total_spent: 0,
        last_order_at: expect.any(String),
      },
    ]);
  });

  it("finds an Arabic name typed with plain alef (أحمد by احمد), and by phone digits", async () => {
    const res = await list(`?search=${encodeURIComponent("ليلى احمد")}`);
    expect(res.json().data.map((c: { key: string }) => c.key)).toEqual([
      "e-layla.ahmad@example.com",
    ]);
    const byPhone = await list("?search=963955111222");
    expect(byPhone.json().data.map((c: { key: string }) => c.key)).toEqual(["p-963955111222"]);
  });

  it("lists accounts by account (with their details), newest buyer first", async () => {
    const res = await list();
    const keys = res.json().data.map((c: { key: string }) => c.key);
    // Sami ordered last; the admins are not customers.
    expect(keys.slice(0, 3)).toEqual([
      `a-${shopper.id}`,
      "p-963955111222",
      "e-layla.ahmad@example.com",
    ]);
    expect(keys).not.toContain(`a-${owner.id}`);
    const sami = res.json().data[0];
    expect(sami).toMatchObject({
      kind: "account",
      user_id: shopper.id,
      name: "Sami Account",
      email: "sami.account@example.com",
      order_count: 1,
    });
  });

  it("lists a new account without orders after the buyers", async () => {
    const fresh = await createUserWithToken(t.app, { name: "Nadia New" });
    const res = await list("?search=nadia");
    expect(res.json().data).toEqual([
      expect.objectContaining({
        key: `a-${fresh.id}`,
        order_count: 0,
        total_spent: 0,
        last_order_at: null,
      }),
    ]);
    const all = (await list("?per_page=50")).json().data;
    expect(all.at(-1).last_order_at).toBeNull();
  });

  it("counts only money received and kept: paid orders, not unpaid or refunded ones, seen on the next read", async () => {
    const idOf = async (number: string) => {
      const [row] = await t.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.number, number));
      return row!.id;
    };
    const pay = async (number: string, amount: number) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${await idOf(number)}/payments`,
        headers: owner.auth,
        payload: { amount },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const spent = async () => (await list("?search=layla.ahmad")).json().data[0].total_spent;
    await pay(layla[0]!.number, layla[0]!.total);
    expect(await spent()).toBe(layla[0]!.total);
    await pay(layla[1]!.number, layla[1]!.total);
    expect(await spent()).toBe(layla[0]!.total + layla[1]!.total);
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${await idOf(layla[0]!.number)}/refund`,
      headers: owner.auth,
      payload: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await spent()).toBe(layla[1]!.total);
  });

  it("does not count a cancelled unpaid order as spent", async () => {
    const fresh = await order({ name: "Huda", email: "huda@example.com" });
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, fresh.number));
    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${row!.id}`,
      headers: owner.auth,
      payload: { status: "canceled" },
    });
    expect(cancel.statusCode).toBe(200);
    const res = await list("?search=huda");
    expect(res.json().data[0]).toMatchObject({ order_count: 1, total_spent: 0 });
  });

  it("shows a customer's orders, newest first, and 404 for a key nobody has", async () => {
    const res = await detail("e-layla.ahmad@example.com");
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([
      layla[1]!.number,
      layla[0]!.number,
    ]);
    expect(data.orders[1]).toMatchObject({ payment_status: "refunded", country: "SY" });
    expect(data.notes).toEqual([]);
    for (const key of ["e-nobody@example.com", "a-999999", "x"]) {
      const missing = await detail(key);
      expect(missing.statusCode, key).toBe(404);
      expect(missing.json()).toEqual({ message: "No such customer." });
    }
  });

  it("adds a note (audited) that the customer's page lists with its author and date", async () => {
    const key = `a-${shopper.id}`;
    const res = await addNote(key, { body: "  Prefers delivery after 5 pm  " }, packer.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      body: "Prefers delivery after 5 pm",
      author: { id: packer.id, name: expect.any(String) },
      created_at: expect.any(String),
    });
    const page = await detail(key);
    expect(page.json().data.notes).toEqual([res.json().data]);
    const audit = await t.app.inject({
      url: `/api/admin/audit?entity=customer&entity_id=${encodeURIComponent(key)}`,
      headers: owner.auth,
    });
    expect(audit.json().data[0]).toMatchObject({
      action: "create",
      changes: [{ field: "note", before: null, after: "Prefers delivery after 5 pm" }],
    });
  });

  it("refuses an empty or too long note (422) and a note on nobody (404)", async () => {
    for (const body of [{ body: "   " }, {}, { body: "x".repeat(1001) }]) {
      const res = await addNote(`a-${shopper.id}`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: expect.any(String),
        errors: { body: [expect.any(String)] },
      });
    }
    expect((await addNote(`a-${shopper.id}`, { body: "" })).json().errors.body).toEqual([
      "Please write a note.",
    ]);
    expect((await addNote("e-nobody@example.com", { body: "Hello" })).statusCode).toBe(404);
  });

  it("refuses a bad page or search (400)", async () => {
    expect((await list("?page=0")).statusCode).toBe(400);
    expect((await list("?per_page=7")).statusCode).toBe(400);
    expect((await list(`?search=${"a".repeat(101)}`)).statusCode).toBe(400);
  });

  it("is for the orders desk and owners: 401 without a token, 403 for the kitchen or a shopper", async () => {
    expect((await list("", {})).statusCode).toBe(401);
    expect((await detail(`a-${shopper.id}`, {})).statusCode).toBe(401);
    expect((await list("", cook.auth)).statusCode).toBe(403);
    expect((await list("", shopper.auth)).statusCode).toBe(403);
    expect((await detail(`a-${shopper.id}`, cook.auth)).statusCode).toBe(403);
    expect((await addNote(`a-${shopper.id}`, { body: "x" }, cook.auth)).statusCode).toBe(403);
    const csv = await t.app.inject({ url: "/api/admin/customers.csv", headers: cook.auth });
    expect(csv.statusCode).toBe(403);
    expect((await list("", packer.auth)).statusCode).toBe(200);
  });

  it("exports CSV: UTF-8 with a BOM, every matching customer, formulas neutralised", async () => {
    await order({ name: '=HYPERLINK("http://evil")', email: "formula@example.com" });
    const res = await t.app.inject({ url: "/api/admin/customers.csv", headers: packer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="customers-/);
    const body = res.rawPayload.toString("utf8");
    expect(
      body.startsWith(
        "\uFEFFcustomer,kind,name,email,phone,country,orders,total_spent,last_order\r\n",
      ),
    ).toBe(true);
    const lines = body.trim().split("\r\n");
    const count = (await list("?per_page=50")).json().meta.total;
    expect(lines).toHaveLength(count + 1);
    expect(body).toContain(`e-formula@example.com,guest,"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain("e-layla.ahmad@example.com,guest,ليلى أحمد,");
    const searched = await t.app.inject({
      url: `/api/admin/customers.csv?search=${encodeURIComponent("ليلى")}`,
      headers: owner.auth,
    });
    expect(searched.rawPayload.toString("utf8").trim().split("\r\n")).toHaveLength(2);
  });

  it("keeps the customers table right when an e-mail moves an order to another guest", async () => {
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, layla[1]!.number));
    await t.database.db
      .update(orders)
      .set({ email: "layla.new@example.com" })
      .where(eq(orders.id, row!.id));
    const rows = await t.database.db.select().from(customers);
    const byKey = new Map(rows.map((c) => [c.key, c]));
    expect(byKey.get("e-layla.ahmad@example.com")).toMatchObject({ orderCount: 1, country: "SY" });
    expect(byKey.get("e-layla.new@example.com")).toMatchObject({ orderCount: 1, country: "LB" });
  });

  it("counts every order of orders placed at once by one customer (the row lock orders them)", async () => {
    await Promise.all(
      Array.from({ length: 6 }, () => order({ name: "Rush Buyer", email: "rush@example.com" })),
    );
    const res = await list("?search=rush@example.com");
    expect(res.json().data).toEqual([expect.objectContaining({ order_count: 6 })]);
  });

  it.each([
    // [user id, e-mail, phone, key]
    [7, "Layla@Example.com", "+963 944", "a-7"],
    [null, "  Layla@Example.COM ", "+963 944", "e-layla@example.com"],
    [null, "", "+963 944 000 111", "p-963944000111"],
    [null, null, "٠٩٤٤ ٠٠٠ ١١١", "p-0944000111"],
    // An erased order (privacy, ADR 0026) belongs to no customer.
    [null, null, "Deleted customer", null],
  ] as const)("an order of (%s, %j, %j) is customer %j", async (userId, email, phone, key) => {
    const result = (await t.database.db.execute(
      sql`select customer_key_of(${userId}::bigint, ${email}::text, ${phone}::text) as key`,
    )) as unknown as { rows: Array<{ key: string | null }> };
    expect(result.rows[0]!.key).toBe(key);
  });
});
