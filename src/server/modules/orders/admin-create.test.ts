import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { startSmtp } from "../../test/smtp.ts";
import {
  addCoupon,
  addProduct,
  couponUses,
  orderBody,
  placeOrder,
  stockOf,
} from "./test-fixtures.ts";

// Issue 27: orders taken by staff go through checkout's own placeOrder, so a phone order and a
// checkout order for the same input come out the same (totals, stock, coupon use).

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  owner = await createUserWithToken(t.app, { admin: true, name: "Rana Owner" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function takeOrder(
  body: unknown,
  opts: { key?: string | null; auth?: Record<string, string> | null } = {},
) {
  const key = opts.key === undefined ? randomUUID() : opts.key;
  const auth = opts.auth === undefined ? owner.auth : opts.auth;
  return t.app.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: { ...(key === null ? {} : { "idempotency-key": key }), ...(auth ?? {}) },
    payload: body as object,
  });
}

/** A sweet with weight options and tracked stock, and a coupon that beats the standing 20%. */
async function freshProductAndCoupon(stockGrams = 10_000) {
  const db = t.database.db;
  const product = await addProduct(db, {
    priceCents: 2400,
    stockGrams,
    options: [{ grams: 500 }, { grams: 1000, priceCents: 2200 }],
  });
  const code = `PHONE${randomUUID().slice(0, 6).toUpperCase()}`;
  const coupon = await addCoupon(db, { code, percent: 30, maxUses: 5 });
  return { product, coupon, code };
}

const sameInput = (product: number, code: string) =>
  orderBody(
    [
      { productId: product, grams: 500, qty: 3 },
      { productId: product, grams: 1000, qty: 1 },
    ],
    { coupon: code, payment_method: "bank_transfer" },
  );

describe("POST /api/admin/orders: the same rules as checkout", () => {
  it("a staff order equals a checkout order for the same input (totals, stock, coupon use)", async () => {
    const db = t.database.db;
    const web = await freshProductAndCoupon();
    const phone = await freshProductAndCoupon();

    const checkout = await placeOrder(t.app, sameInput(web.product, web.code));
    const staff = await takeOrder({ ...sameInput(phone.product, phone.code), source: "phone" });
    expect(checkout.statusCode).toBe(201);
    expect(staff.statusCode).toBe(201);

    const a = checkout.json().data;
    const b = staff.json().data;
    const figures = (o: Record<string, unknown>) => ({
      subtotal: o.subtotal,
      discount: o.discount,
      discount_percent: o.discount_percent,
      discount_source: o.discount_source,
      delivery_fee: o.delivery_fee,
      total: o.total,
      total_grams: o.total_grams,
      shipping_method: (o.shipping as { method: string }).method,
      status: o.status,
      payment_status: o.payment_status,
      lines: (o.lines as Array<Record<string, unknown>>).map((l) => [
        l.grams,
        l.qty,
        l.unit_price,
        l.line_total,
      ]),
    });
    expect(figures(b)).toEqual(figures(a));
    // 3 x 12.00 + 22.00 = 58.00, the coupon's 30% (not the standing 20%), plus delivery.
    expect(a).toMatchObject({ subtotal: 58, discount: 17.4, discount_source: "coupon" });
    expect(b.coupon).toBe(phone.code);
    expect(b.payment_instructions).toEqual(a.payment_instructions);

    expect(await stockOf(db, web.product)).toBe(10_000 - 2500);
    expect(await stockOf(db, phone.product)).toBe(10_000 - 2500);
    expect(await couponUses(db, web.coupon)).toBe(1);
    expect(await couponUses(db, phone.coupon)).toBe(1);
  });

  it("records the source and the admin as author; the desk shows both", async () => {
    const { product } = await freshProductAndCoupon();
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 500, qty: 1 }]),
      source: "messaging",
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      source: "messaging",
      created_by: { id: owner.id, name: "Rana Owner" },
      user_id: null,
      access_key: expect.any(String),
    });
    // The first step of the timeline is the admin's, by name.
    expect(order.timeline[0]).toMatchObject({
      kind: "status",
      status: "pending",
      actor: { kind: "admin", id: owner.id, name: "Rana Owner" },
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ source: "messaging", createdByAdminId: owner.id });

    const detail = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${order.id}`,
      headers: owner.auth,
    });
    expect(detail.json().data).toMatchObject({
      source: "messaging",
      created_by: { id: owner.id, name: "Rana Owner" },
    });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders?q=${order.number}`,
      headers: owner.auth,
    });
    expect(list.json().data).toEqual([
      // The author has seen it: it does not wait on the desk as new.
      expect.objectContaining({ number: order.number, source: "messaging", is_new: false }),
    ]);
  });

  it("checkout orders stay 'web' with no author", async () => {
    const { product } = await freshProductAndCoupon();
    const res = await placeOrder(t.app, orderBody([{ productId: product, grams: 500, qty: 1 }]));
    const number = res.json().data.number;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
    expect(row).toMatchObject({ source: "web", createdByAdminId: null });
    const detail = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders/${row!.id}`,
      headers: owner.auth,
    });
    expect(detail.json().data).toMatchObject({ source: "web", created_by: null });
  });

  it("the customer gets the usual confirmation e-mail and private link", async () => {
    const { product } = await freshProductAndCoupon();
    await t.database.db.delete(mailOutbox);
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        email: "caller@example.com",
        lang: "ar",
      }),
      source: "in_person",
    });
    expect(res.statusCode).toBe(201);
    const { number, access_key } = res.json().data;
    const mails = await t.database.db.select().from(mailOutbox);
    const customer = mails.find((m) => m.to === "caller@example.com");
    // The order was taken in Arabic: its link opens the Arabic page.
    expect(customer?.text).toContain(
      `https://shop.example.com/ar/order/${number}?key=${access_key}`,
    );
    // The private link opens the order for whoever holds it, as for a checkout order.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/orders/${number}?key=${encodeURIComponent(access_key)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.number).toBe(number);
  });

  it("customer_id attaches the order to that account (it shows in their orders)", async () => {
    const { product } = await freshProductAndCoupon();
    const customer = await createUserWithToken(t.app, { email: "regular@example.com" });
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 500, qty: 2 }], { email: null }),
      source: "phone",
      customer_id: customer.id,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    // No e-mail typed: the account's, as checkout does for a signed-in shopper.
    expect(order).toMatchObject({ user_id: customer.id, email: "regular@example.com" });
    const mine = await t.app.inject({ method: "GET", url: "/api/orders", headers: customer.auth });
    expect(mine.json().data.map((o: { number: string }) => o.number)).toContain(order.number);

    const unknown = await takeOrder({
      ...orderBody([{ productId: product, grams: 500, qty: 1 }]),
      source: "phone",
      customer_id: 987_654_321,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty("customer_id");
  });

  it("the same Idempotency-Key gives the same order back once; another body is refused", async () => {
    const db = t.database.db;
    const { product } = await freshProductAndCoupon();
    const key = randomUUID();
    const body = { ...orderBody([{ productId: product, grams: 500, qty: 1 }]), source: "phone" };
    const first = await takeOrder(body, { key });
    const again = await takeOrder(body, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data.number).toBe(first.json().data.number);
    expect(again.json().data.access_key).toBe(first.json().data.access_key);
    expect(await stockOf(db, product)).toBe(10_000 - 500);

    const other = await takeOrder({ ...body, source: "in_person" }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toHaveProperty("idempotency_key");
    // A checkout request cannot claim a staff order's key either.
    const web = await placeOrder(t.app, orderBody([{ productId: product, grams: 500, qty: 1 }]), {
      key,
    });
    expect(web.statusCode).toBe(422);
  });

  it("never oversells: more than the stock is a 409 like checkout, and nothing is taken", async () => {
    const db = t.database.db;
    const { product, coupon, code } = await freshProductAndCoupon(1000);
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 1000, qty: 2 }], { coupon: code }),
      source: "phone",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "out_of_stock",
      available_grams: 1000,
      message_ar: expect.stringContaining("كغ"),
      errors: { "lines.0": [expect.stringContaining("1 kg")] },
    });
    expect(await stockOf(db, product)).toBe(1000);
    expect(await couponUses(db, coupon)).toBe(0);
  });
});

describe("POST /api/admin/orders: bad input and the wrong user", () => {
  it.each([
    ["source web", { source: "web" }, "source"],
    ["no source", { source: undefined }, "source"],
    ["empty lines", { lines: [] }, "lines"],
    ["a bad phone", { phone: "abc" }, "phone"],
    ["an unknown customer id type", { customer_id: "x" }, "customer_id"],
  ])("422 for %s", async (_what, change, field) => {
    const { product } = await freshProductAndCoupon();
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 500, qty: 1 }]),
      source: "phone",
      ...change,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toHaveProperty(field);
  });

  it("422 for an unknown product, and nothing is written", async () => {
    const before = await t.database.db.select({ id: orders.id }).from(orders);
    const res = await takeOrder({
      ...orderBody([{ productId: 99_999_999, grams: 500, qty: 1 }]),
      source: "phone",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["lines.0"]);
    expect(await t.database.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });

  it("needs the Idempotency-Key header, like checkout", async () => {
    const { product } = await freshProductAndCoupon();
    const res = await takeOrder(
      { ...orderBody([{ productId: product, grams: 500, qty: 1 }]), source: "phone" },
      { key: null },
    );
    expect(res.statusCode).toBe(400);
  });

  it("401 without a token, 403 with a customer's token", async () => {
    const { product } = await freshProductAndCoupon();
    const body = { ...orderBody([{ productId: product, grams: 500, qty: 1 }]), source: "phone" };
    expect((await takeOrder(body, { auth: null })).statusCode).toBe(401);
    const customer = await createUserWithToken(t.app);
    expect((await takeOrder(body, { auth: customer.auth })).statusCode).toBe(403);
  });

  it("403 for the kitchen and catalogue roles; the orders role may take orders", async () => {
    const { product } = await freshProductAndCoupon();
    const body = { ...orderBody([{ productId: product, grams: 500, qty: 1 }]), source: "phone" };
    for (const role of ["kitchen", "catalogue"] as const) {
      const admin = await createUserWithToken(t.app, { admin: true, roles: [role] });
      const res = await takeOrder(body, { auth: admin.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await stockOf(t.database.db, product)).toBe(10_000);
    const packer = await createUserWithToken(t.app, {
      admin: true,
      roles: ["orders"],
      name: "Sami Packer",
    });
    const res = await takeOrder(body, { auth: packer.auth });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.created_by).toEqual({ id: packer.id, name: "Sami Packer" });
  });
});

describe("the bell for an order taken by staff", () => {
  it("names the admin who took it and how, not a new customer's order", async () => {
    const { product } = await freshProductAndCoupon();
    const res = await takeOrder({
      ...orderBody([{ productId: product, grams: 500, qty: 1 }], { name: "Hala Phone" }),
      source: "phone",
    });
    expect(res.statusCode).toBe(201);
    const bell = await t.app.inject({ url: "/api/admin/notifications", headers: owner.auth });
    const item = bell
      .json()
      .data.find((n: { data: { customer?: string } }) => n.data.customer === "Hala Phone");
    expect(item.data).toMatchObject({ taken_by: "Rana Owner", source: "phone" });
    // A checkout order carries neither.
    await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 1 }], { name: "Web Buyer" }),
    );
    const web = (await t.app.inject({ url: "/api/admin/notifications", headers: owner.auth }))
      .json()
      .data.find((n: { data: { customer?: string } }) => n.data.customer === "Web Buyer");
    expect(web.data.taken_by).toBeUndefined();
  });
});
