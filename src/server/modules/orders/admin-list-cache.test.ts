// The admin list keeps answers, counts and page boundaries in memory under the orders desk's
// version (desk-version.ts, migration 0016). These tests ask the same URL again after each
// kind of write and expect the write on that next request; and they page through a few hundred
// orders in every order of pages, expecting exactly what a plain OFFSET query gives.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { orderDesk } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;

type Row = { id: number; number: string; customer: string; status: string; is_new: boolean };
type Page = {
  data: Row[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

const list = async (query = ""): Promise<Page> => {
  const res = await t.app.inject({ url: `/api/admin/orders?${query}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.json();
};

/** `count` orders straight in the table, `created_at` with microseconds and some ties. */
async function insertOrders(count: number, prefix: string): Promise<void> {
  await t.database.db.execute(sql`
    insert into orders (number, status, access_key_hash, name, phone, email, country, city,
      address, lang, payment_method, subtotal_cents, discount_cents, discount_percent,
      discount_source, delivery_fee_cents, total_cents, total_grams, idempotency_key_hash,
      request_hash, created_at)
    select ${prefix} || g,
      (array['pending','confirmed','completed'])[1 + g % 3],
      md5(${prefix} || 'k' || g),
      case when g % 2 = 0 then 'ليلى ' || g else 'Layla ' || g end,
      '+963 9' || lpad(g::text, 8, '0'), null, 'SY', 'Damascus', 'Old City', 'en', 'cod',
      1000, 0, 0, 'none', 0, 1000, 1000, md5(${prefix} || 'i' || g), md5(${prefix} || 'r' || g),
      -- Every fourth order shares its time with the next one: the id breaks the tie.
      timestamptz '2026-10-01 00:00:00.000001+00' + make_interval(secs => (g / 4) * 61.123457)
    from generate_series(1, ${count}::int) g`);
}

/** The truth: newest first by a plain query, no cache involved. */
async function expectedIds(where = sql`true`): Promise<number[]> {
  const result = await t.database.db.execute<{ id: string | number }>(sql`
    select o.id from orders o join order_desk d on d.order_id = o.id where ${where}
    order by o.created_at desc, o.id desc`);
  return (result as unknown as { rows: Array<{ id: string | number }> }).rows.map((r) =>
    Number(r.id),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.database.db, { name: "Baklava" });
});
afterAll(() => t.close());

describe("the admin list answer follows every write on the next request", () => {
  it("a new order, a status change, an opened order, a direct edit and a delete", async () => {
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { name: "Nour Khalil" }),
    );
    expect(placed.statusCode).toBe(201);
    const first = await list("per_page=10");
    expect(await list("per_page=10")).toEqual(first);
    const id = first.data[0]!.id;
    expect(first.data[0]).toMatchObject({ customer: "Nour Khalil", status: "pending" });

    // A new order (the checkout's own transaction).
    const again = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { name: "Rami Aziz" }),
    );
    expect(again.statusCode).toBe(201);
    const afterOrder = await list("per_page=10");
    expect(afterOrder.data.map((r) => r.customer)).toEqual(["Rami Aziz", "Nour Khalil"]);
    expect(afterOrder.meta.total).toBe(first.meta.total + 1);
    expect((await list("per_page=10&status=pending")).meta.total).toBe(2);

    // A status change through the desk.
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: admin.auth,
      payload: { status: "confirmed" },
    });
    expect(patched.statusCode).toBe(200);
    expect((await list("per_page=10")).data[1]).toMatchObject({ id, status: "confirmed" });
    expect((await list("per_page=10&status=pending")).data.map((r) => r.customer)).toEqual([
      "Rami Aziz",
    ]);
    expect((await list("per_page=10&status=confirmed")).meta.total).toBe(1);

    // Opening an order clears its new mark (an order_desk write, no order event).
    expect((await list("per_page=10")).data[1]!.is_new).toBe(true);
    const opened = await t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin.auth });
    expect(opened.statusCode).toBe(200);
    expect((await list("per_page=10")).data[1]!.is_new).toBe(false);

    // Any writer, not only the API: the triggers see every statement.
    expect((await list("q=nour")).meta.total).toBe(1);
    await t.database.db.update(orders).set({ name: "Nour Haddad" }).where(eq(orders.id, id));
    expect((await list("per_page=10")).data[1]!.customer).toBe("Nour Haddad");
    expect((await list("q=haddad")).data.map((r) => r.id)).toEqual([id]);
    await t.database.db.update(orderDesk).set({ seenAt: null }).where(eq(orderDesk.orderId, id));
    expect((await list("per_page=10")).data[1]!.is_new).toBe(true);

    // The confirmation issued an invoice, which keeps its order; a direct delete removes it first.
    await t.database.db.delete(invoices).where(eq(invoices.orderId, id));
    await t.database.db.delete(orders).where(eq(orders.id, id));
    const afterDelete = await list("per_page=10");
    expect(afterDelete.data.map((r) => r.customer)).toEqual(["Rami Aziz"]);
    expect(afterDelete.meta).toEqual({ page: 1, per_page: 10, total: 1, last_page: 1 });
    expect((await list("q=haddad")).meta.total).toBe(0);
  });
});

describe("the orders desk version is bumped once per transaction", () => {
  it("still bumps for a write after a rolled-back savepoint that had bumped", async () => {
    const before = await list("per_page=10");
    const id = before.data[0]!.id;
    await t.database.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await inner.update(orders).set({ name: "Rolled Back" }).where(eq(orders.id, id));
          inner.rollback();
        })
        .catch(() => {});
      await tx.update(orders).set({ name: "Kept Name" }).where(eq(orders.id, id));
    });
    expect((await list("per_page=10")).data[0]).toMatchObject({ id, customer: "Kept Name" });
  });
});

describe("paging through a few hundred orders gives exactly the OFFSET pages", () => {
  const walk = async (query: string, perPage: number, pages: number[]) => {
    const seen = new Map<number, number[]>();
    for (const page of pages) {
      const res = await list(`${query}&per_page=${perPage}&page=${page}`);
      seen.set(
        page,
        res.data.map((r) => r.id),
      );
    }
    return seen;
  };
  const check = async (query: string, where: ReturnType<typeof sql> | undefined) => {
    const ids = await expectedIds(where);
    for (const perPage of [10, 50]) {
      const last = Math.max(1, Math.ceil(ids.length / perPage));
      const forward = Array.from({ length: last + 1 }, (_, i) => i + 1);
      // Forward (seeks from each page's end), backward, and jumps (long offsets from nothing
      // or from a far boundary), then forward again over what was learnt.
      const orders = [
        [...forward].reverse(),
        [last, 1, Math.ceil(last / 2), 3, last - 1, 2],
        forward,
      ];
      for (const pages of orders) {
        const seen = await walk(query, perPage, pages);
        for (const [page, got] of seen) {
          expect(got, `${query} per_page=${perPage} page=${page}`).toEqual(
            ids.slice((page - 1) * perPage, page * perPage),
          );
        }
      }
      const meta = (await list(`${query}&per_page=${perPage}`)).meta;
      expect(meta).toMatchObject({ total: ids.length, last_page: last });
    }
    return ids.length;
  };

  it("unfiltered, by status, by search and by status + search", async () => {
    await insertOrders(330, "PG-");
    expect(await check("", undefined)).toBeGreaterThan(300);
    expect(await check("status=completed", sql`o.status = 'completed'`)).toBeGreaterThan(100);
    expect(await check("q=%D9%84%D9%8A%D9%84%D9%89", sql`d.search_text like '%ليلي%'`)).toBe(165);
    expect(
      await check(
        "status=pending&q=layla",
        sql`o.status = 'pending' and d.search_text like '%layla%'`,
      ),
    ).toBeGreaterThan(50);
  });

  it("pages shift after a write: a new newest order and a status change", async () => {
    const before = await walk("", 50, [1, 2, 3, 4, 5]);
    // Three orders newer than all, at one time (the id breaks the tie): every page moves.
    await insertOrders(3, "PN-");
    await t.database.db.execute(
      sql`update orders set created_at = now() + interval '1 day' where number like 'PN-%'`,
    );
    const ids = await expectedIds();
    const after = await walk("", 50, [5, 4, 3, 2, 1, 6, 7, 8]);
    for (const [page, got] of after) expect(got).toEqual(ids.slice((page - 1) * 50, page * 50));
    expect(after.get(1)!.slice(3)).toEqual(before.get(1)!.slice(0, 47));
    expect(after.get(3)!.slice(3)).toEqual(before.get(3)!.slice(0, 47));

    const completed = await walk("status=completed", 10, [1, 2, 3]);
    const moved = completed.get(2)![0]!;
    await t.database.db.update(orders).set({ status: "canceled" }).where(eq(orders.id, moved));
    const expected = await expectedIds(sql`o.status = 'completed'`);
    const again = await walk("status=completed", 10, [2, 3, 4, 1]);
    for (const [page, got] of again) {
      expect(got).toEqual(expected.slice((page - 1) * 10, page * 10));
      expect(got).not.toContain(moved);
    }
  });
});
