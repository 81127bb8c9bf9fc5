import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessDate } from "../../../shared/domain/business-time.ts";
import { PRICE_LIST_MESSAGES } from "../../../shared/domain/price-lists.ts";
import {
  creditLimitProblem,
  orderMinimumMessage,
  TERMS_MESSAGES,
} from "../../../shared/domain/trade-terms.ts";
import { products } from "../../db/schema/catalog.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  createCategory,
  createPriceList,
  createTrader,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { pdfLines } from "../../test/pdf-text.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// The server prices every line: a trader's list for a signed-in active trader, retail for
// everyone else, whatever price the body carries.

let t: TestApp;
let owner: TestUser;
let retail: TestUser;
let trader: { id: number; auth: { authorization: string } };
let maamoul: number;
let baklava: number;
let category: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true });
  retail = await createUserWithToken(t.app);
  category = await createCategory(t.app, owner.auth, { name: "Baklava", name_ar: "بقلاوة" });
  // Sold in 1 kg and 2 kg boxes: 6 x 2 kg = 12 kg within checkout's 8 per line.
  maamoul = await addProduct(t.database.db, {
    priceCents: 3000,
    options: [{ grams: 1000 }, { grams: 2000 }],
  });
  baklava = await addProduct(t.database.db, { priceCents: 4000 });
  await t.database.db
    .update(products)
    .set({ categoryId: category })
    .where(eq(products.id, baklava));
  const listId = await createPriceList(t.app, owner.auth, {
    name: "Distributors",
    min_order_total: 100,
    products: [
      {
        product_id: maamoul,
        price_per_kg: 20,
        min_grams: 5000,
        tiers: [{ from_grams: 10_000, price_per_kg: 18 }],
      },
    ],
    categories: [{ category_id: category, percent_off: 25 }],
  });
  const made = await createTrader(t.app, owner.auth, { price_list_id: listId });
  trader = { id: made.id, auth: made.auth };
});
afterAll(() => t.close());

const lineTotals = (res: { json(): { data: { lines: Array<{ unit_price: number }> } } }) =>
  res.json().data.lines.map((l) => l.unit_price);

describe("a trader's order", () => {
  it("12 kg at the tier's price, tampered prices ignored, no standing retail discount", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 2000, qty: 6, price: 0.01, unit_price: 0.01 }]),
      { headers: trader.auth },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      subtotal: 216,
      discount: 0,
      lines: [{ unit_price: 36, line_total: 216 }],
    });
  });

  it("below the tier: the list's base price; a category's percentage off retail", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: maamoul, grams: 1000, qty: 6 },
        { productId: baklava, grams: 1000, qty: 1 },
      ]),
      { headers: trader.auth },
    );
    expect(res.statusCode).toBe(201);
    expect(lineTotals(res)).toEqual([20, 30]);
  });

  it("a line under its minimum: 422 naming the line, nothing written", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: baklava, grams: 1000, qty: 5 },
        { productId: maamoul, grams: 1000, qty: 4 },
      ]),
      { headers: trader.auth },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["lines.1"]).toEqual([PRICE_LIST_MESSAGES.BELOW_MINIMUM]);
  });

  it("an order under the list's minimum total: 422", async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: baklava, grams: 1000, qty: 1 }]), {
      headers: trader.auth,
    });
    expect(res.statusCode).toBe(422);
    const message = "Your order is below the minimum order total of your price list ($100.00).";
    expect(res.json()).toEqual({ message, errors: { lines: [message] } });
    const inArabic = await placeOrder(
      t.app,
      orderBody([{ productId: baklava, grams: 1000, qty: 1 }], { lang: "ar" }),
      { headers: trader.auth },
    );
    expect(inArabic.statusCode).toBe(422);
    expect(inArabic.json().message).toBe(orderMinimumMessage(10_000, "ar"));
  });

  it("on invoice: unpaid, due in the trader's terms days from the business date", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 2000, qty: 6 }], { payment_method: "invoice" }),
      { headers: trader.auth },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      payment_method: "invoice",
      payment_status: "unpaid",
      due_date: addDays(businessDate(new Date()), 30),
    });
  });

  it("on invoice for anyone but a trader on terms: 422 in the request's language, nothing written", async () => {
    const before = await t.database.db.$count(orders);
    for (const [headers, lang] of [
      [retail.auth, "en"],
      [{}, "ar"],
      [owner.auth, "en"],
    ] as const) {
      const res = await placeOrder(
        t.app,
        orderBody([{ productId: maamoul, grams: 2000, qty: 6 }], {
          payment_method: "invoice",
          lang,
        }),
        { headers },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: TERMS_MESSAGES.NOT_ON_TERMS[lang],
        errors: { payment_method: [TERMS_MESSAGES.NOT_ON_TERMS[lang]] },
      });
    }
    expect(await t.database.db.$count(orders)).toBe(before);
  });

  it("over the credit limit, counting every unpaid order on invoice: 422, nothing written", async () => {
    const outstanding = await t.database.db
      .select({ total: orders.totalCents })
      .from(orders)
      .where(eq(orders.paymentMethod, "invoice"));
    const owed = outstanding.reduce((sum, row) => sum + row.total, 0);
    expect(owed).toBeGreaterThan(0);
    // Room for 100.00 more: a 120.00 order (6 kg at 20.00) is over, in either language.
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/traders/${trader.id}`,
      headers: owner.auth,
      payload: { credit_limit: (owed + 10_000) / 100 },
    });
    const before = await t.database.db.$count(orders);
    for (const lang of ["en", "ar"] as const) {
      const res = await placeOrder(
        t.app,
        orderBody([{ productId: maamoul, grams: 1000, qty: 6 }], {
          payment_method: "invoice",
          lang,
        }),
        { headers: trader.auth },
      );
      expect(res.statusCode).toBe(422);
      const message = creditLimitProblem(
        { outstandingCents: owed, orderCents: 1_000_000, limitCents: owed + 10_000 },
        lang,
      );
      expect(res.json()).toEqual({ message, errors: { payment_method: [message] } });
    }
    expect(await t.database.db.$count(orders)).toBe(before);
    // Paying by another method is not held by the limit.
    const cod = await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 1000, qty: 6 }]), {
      headers: trader.auth,
    });
    expect(cod.statusCode).toBe(201);
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/traders/${trader.id}`,
      headers: owner.auth,
      payload: { credit_limit: 5000 },
    });
  });

  it("a retail customer and a guest after the trader: retail prices and the standing discount", async () => {
    for (const headers of [retail.auth, {}]) {
      const res = await placeOrder(
        t.app,
        orderBody([{ productId: maamoul, grams: 2000, qty: 6, unit_price: 36 }]),
        { headers },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ subtotal: 360, discount: 72 });
      expect(lineTotals(res)).toEqual([60]);
    }
  });

  it("the trader's invoice names its company", async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 2000, qty: 5 }]), {
      headers: trader.auth,
    });
    const list = await t.app.inject({
      url: `/api/admin/orders?q=${res.json().data.number}`,
      headers: owner.auth,
    });
    const id = list.json().data[0].id;
    const confirmed = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: owner.auth,
      payload: { status: "confirmed" },
    });
    expect(confirmed.json().data.invoice).not.toBeNull();
    const [doc] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, id));
    expect(doc!.data.buyer).toMatchObject({ company: "Haddad Feinkost" });
  });

  it("a suspended trader's token no longer buys at all; its old prices are never given", async () => {
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/traders/${trader.id}`,
      headers: owner.auth,
      payload: { status: "suspended" },
    });
    const res = await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 2000, qty: 6 }]), {
      headers: trader.auth,
    });
    // The session ended with the suspension: the order is a guest's, at retail.
    expect(res.statusCode).toBe(201);
    expect(lineTotals(res)).toEqual([60]);
  });
});

describe("GET /api/admin/receivables", () => {
  it("unpaid orders on invoice by trader, aged by the due date on the business clock", async () => {
    const today = businessDate(new Date());
    const unpaid = await t.database.db
      .select({ id: orders.id, number: orders.number, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.paymentMethod, "invoice"));
    expect(unpaid.length).toBe(1);
    const first = unpaid[0]!;
    // 45 days late.
    await t.database.db
      .update(orders)
      .set({ dueDate: addDays(today, -45) })
      .where(eq(orders.id, first.id));
    const res = await t.app.inject({ url: "/api/admin/receivables", headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      as_of: today,
      data: [
        {
          id: trader.id,
          company_name: "Haddad Feinkost",
          email: expect.any(String),
          lang: "en",
          total: first.total / 100,
          current: 0,
          days_1_30: 0,
          days_31_60: first.total / 100,
          over_60: 0,
          invoices: [
            {
              order_id: expect.any(Number),
              order_number: first.number,
              invoice_number: null,
              total: first.total / 100,
              due_date: addDays(today, -45),
              days_overdue: 45,
              bucket: "31_60",
            },
          ],
        },
      ],
    });
  });

  it("for the owner and the orders role only", async () => {
    const catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    const orderDesk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const asks = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: "/api/admin/receivables", headers })).statusCode;
    expect(await asks(orderDesk.auth)).toBe(200);
    expect(await asks(catalogue.auth)).toBe(403);
    expect(await asks(retail.auth)).toBe(403);
    expect(await asks(trader.auth)).toBe(401);
    expect(await asks({})).toBe(401);
  });

  it("sends a reminder through the outbox in the trader's language; nothing owed is a 404", async () => {
    const before = await t.database.db.$count(mailOutbox);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/receivables/${trader.id}/reminder`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { queued: true } });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "payment_reminder"));
    expect(mail).toMatchObject({ subject: "Payment reminder – Golden Syrup Sweets" });
    expect(mail!.text).toContain("Total open: $");
    expect(await t.database.db.$count(mailOutbox)).toBe(before + 1);

    const catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    for (const [url, headers, code] of [
      ["/api/admin/receivables/999999/reminder", owner.auth, 404],
      [`/api/admin/receivables/${trader.id}/reminder`, catalogue.auth, 403],
      [`/api/admin/receivables/${trader.id}/reminder`, {}, 401],
    ] as const) {
      const refused = await t.app.inject({ method: "POST", url, headers });
      expect(refused.statusCode).toBe(code);
      expect(refused.json()).toMatchObject({ message: expect.any(String) });
    }
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/receivables/abc/reminder",
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(await t.database.db.$count(mailOutbox)).toBe(before + 1);
  });

  it("GET /api/account/statement: the account's orders in the period as CSV; bad input 400; no token 401", async () => {
    const [row] = await t.database.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.paymentMethod, "invoice"));
    // The suspension above ended the trader's sessions; the owner makes it active again.
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/traders/${trader.id}`,
      headers: owner.auth,
      payload: { status: "active" },
    });
    const { token } = await t.app.services.tokens.issue(row!.userId!, "customer");
    const auth = { authorization: `Bearer ${token}` };
    const today = businessDate(new Date());
    const res = await t.app.inject({
      url: `/api/account/statement?from=${addDays(today, -1)}&to=${today}&format=csv`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "date,order,invoice,payment_method,total,payment_status,paid_by,due_date,state",
    );
    const onInvoice = lines.slice(1).find((line) => line.includes(",invoice,"));
    // 45 days past its due date (set above): overdue.
    expect(onInvoice).toMatch(
      new RegExp(
        `^${today},SW-\\d+,,invoice,\\d+\\.\\d{2},unpaid,,${addDays(today, -45)},overdue$`,
      ),
    );
    expect(lines.length).toBeGreaterThan(2);

    const empty = await t.app.inject({
      url: "/api/account/statement?from=2020-01-01&to=2020-01-31",
      headers: auth,
    });
    expect(empty.body).toBe(
      "date,order,invoice,payment_method,total,payment_status,paid_by,due_date,state\r\n",
    );
    // Another account sees only its own orders.
    const theirs = await t.app.inject({
      url: `/api/account/statement?from=${today}&to=${today}`,
      headers: retail.auth,
    });
    expect(theirs.body.split("\r\n").slice(1).join()).not.toContain(",invoice,");
    for (const query of [
      "from=2026-13-01&to=2026-12-01",
      "from=2026-12-02&to=2026-12-01",
      "from=2026-12-01&to=2026-12-02&format=xls",
      "from=2026-12-01&to=2026-12-02&format=pdf&lang=fr",
    ]) {
      const bad = await t.app.inject({ url: `/api/account/statement?${query}`, headers: auth });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    const anonymous = await t.app.inject({
      url: `/api/account/statement?from=${today}&to=${today}`,
    });
    expect(anonymous.statusCode).toBe(401);

    // The same period as a PDF, in each language: the overdue order, its state and the sums.
    for (const lang of ["en", "ar"] as const) {
      const pdf = await t.app.inject({
        url: `/api/account/statement?from=${addDays(today, -1)}&to=${today}&format=pdf&lang=${lang}`,
        headers: auth,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const text = (await pdfLines(pdf.rawPayload)).join("\n");
      const number = onInvoice!.split(",")[1]!;
      expect(text).toContain(number);
      expect(text).toContain(lang === "en" ? "Statement of account" : "كشف حساب");
      expect(text).toContain(lang === "en" ? "Overdue" : "متأخر");
      // (The reader splits the Arabic lam-alef ligature, so a phrase without one is checked.)
      expect(text).toContain(lang === "en" ? "Total of the period" : "مجموع الفترة");
    }
  });

  it("GET /api/account/trader/ledger: the trader's orders with invoices, due and overdue; null for retail", async () => {
    const [row] = await t.database.db
      .select({ userId: orders.userId, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.paymentMethod, "invoice"));
    const { token } = await t.app.services.tokens.issue(row!.userId!, "customer");
    const res = await t.app.inject({
      url: "/api/account/trader/ledger",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    const ledger = res.json().data;
    expect(ledger.overdue).toBeGreaterThan(0);
    expect(ledger.orders.some((o: { state: string }) => o.state === "overdue")).toBe(true);
    const invoiced = ledger.orders.find((o: { invoice: unknown }) => o.invoice);
    if (invoiced) expect(invoiced.invoice.url).toBe(`/api/orders/${invoiced.number}/invoice.pdf`);
    const theirs = await t.app.inject({ url: "/api/account/trader/ledger", headers: retail.auth });
    expect(theirs.json()).toEqual({ data: null });
    const anonymous = await t.app.inject({ url: "/api/account/trader/ledger" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("a payment recorded against an order on invoice (from the receivables screen) clears it: amount, day, method", async () => {
    const before = (
      await t.app.inject({ url: "/api/admin/receivables", headers: owner.auth })
    ).json();
    const invoice = before.data[0].invoices[0];
    expect(invoice.order_id).toEqual(expect.any(Number));
    const url = `/api/admin/orders/${invoice.order_id}/payments`;
    const today = businessDate(new Date());
    for (const payload of [
      { amount: 0 },
      { amount: invoice.total, paid_at: addDays(today, 1) },
      { amount: invoice.total, method: "barter" },
    ]) {
      const bad = await t.app.inject({ method: "POST", url, headers: owner.auth, payload });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    const stranger = await t.app.inject({
      method: "POST",
      url,
      headers: retail.auth,
      payload: { amount: invoice.total },
    });
    expect([401, 403]).toContain(stranger.statusCode);
    const paid = await t.app.inject({
      method: "POST",
      url,
      headers: owner.auth,
      payload: { amount: invoice.total, paid_at: today, method: "cheque", note: "R-1" },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payment_status).toBe("paid");
    // The method has its own column: on the order's timeline and in the statement's CSV.
    const payment = paid
      .json()
      .data.timeline.find((entry: { kind: string }) => entry.kind === "payment");
    expect(payment).toMatchObject({ method: "cheque", note: "R-1" });
    const [owner_] = await t.database.db
      .select({ userId: orders.userId, number: orders.number })
      .from(orders)
      .where(eq(orders.id, invoice.order_id));
    const { token } = await t.app.services.tokens.issue(owner_!.userId!, "customer");
    const csv = await t.app.inject({
      url: `/api/account/statement?from=${addDays(today, -400)}&to=${today}&format=csv`,
      headers: { authorization: `Bearer ${token}` },
    });
    const line = csv.body.split("\r\n").find((l) => l.includes(`,${owner_!.number},`));
    expect(line).toMatch(/,invoice,\d+\.\d{2},paid,cheque,/);
    const after = (
      await t.app.inject({ url: "/api/admin/receivables", headers: owner.auth })
    ).json();
    const open = after.data.flatMap((d: { invoices: { order_id: number }[] }) => d.invoices);
    expect(open.map((i: { order_id: number }) => i.order_id)).not.toContain(invoice.order_id);
  });
});
