import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
const numbers: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  customer = await createUserWithToken(t.app);
  const product = await addProduct(t.database.db, { priceCents: 2500 });
  for (const name of ["Rana", "Sami", "Hadi"]) {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { name }),
    );
    numbers.push(res.json().data.number);
  }
});
afterAll(() => t.close());

const list = (query = "") =>
  t.app.inject({ url: `/api/admin/notifications${query}`, headers: admin.auth });
const read = (id: number | string, headers = admin.auth) =>
  t.app.inject({ method: "POST", url: `/api/admin/notifications/${id}/read`, headers });

describe("admin notifications", () => {
  it("lists one notification per order, latest first, unread, with SPEC's data", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((n: { data: { customer: string } }) => n.data.customer)).toEqual([
      "Hadi",
      "Sami",
      "Rana",
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      type: "order_placed",
      data: {
        customer: "Hadi",
        order_id: expect.any(Number),
        order_number: numbers[2],
        // 25.00 - 20% + 15.00
        total: 35,
        placed_at: expect.any(String),
      },
      read_at: null,
      created_at: expect.any(String),
    });
    expect(meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1, unread: 3 });
  });

  it("marks one read, keeps the first read time, and lowers the unread count", async () => {
    const [first] = (await list()).json().data;
    const res = await read(first.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.read_at).toEqual(expect.any(String));
    const again = await read(first.id);
    expect(again.json().data.read_at).toBe(res.json().data.read_at);
    expect((await list()).json().meta.unread).toBe(2);
  });

  it("pages", async () => {
    const res = await list("?per_page=2&page=2");
    expect(res.json().data).toHaveLength(1);
    expect(res.json().meta).toMatchObject({ page: 2, per_page: 2, total: 3, last_page: 2 });
  });

  it.each([
    ["999999", 404],
    ["abc", 400],
    ["0", 400],
  ])("reading notification %s answers %i", async (id, status) => {
    const res = await read(id);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("answers only what is newer than the last id the bell holds, with the unread count", async () => {
    const all = (await list()).json().data as { id: number }[];
    const oldest = all[all.length - 1]!.id;
    const newer = (await list(`?after=${oldest}`)).json();
    expect(newer.data.map((n: { id: number }) => n.id)).toEqual(all.slice(0, -1).map((n) => n.id));
    const none = (await list(`?after=${all[0]!.id}`)).json();
    expect(none.data).toEqual([]);
    expect(none.meta.unread).toEqual(expect.any(Number));
    expect((await list("?after=-1")).statusCode).toBe(400);
  });

  it("answers 400 to a bad page size", async () => {
    const res = await list("?per_page=1000");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.per_page).toBeDefined();
  });

  it.each([
    ["GET", "/api/admin/notifications"],
    ["POST", "/api/admin/notifications/1/read"],
  ])("%s %s: 401 anonymous, 403 for a customer", async (method, url) => {
    expect((await t.app.inject({ method: method as "GET", url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: method as "GET", url, headers: customer.auth });
    expect(res.statusCode).toBe(403);
  });
});
