import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { INVOICE_MESSAGES } from "../../../shared/schemas/invoice.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { pdfLines } from "../../test/pdf-text.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

// Every order gets an invoice when it is confirmed or paid, a credit note when an invoiced
// order is refunded or cancelled; numbers per year without gaps, PDFs drawn from the
// document as issued. Order total: 2 x 10.00 = 20.00 - 20% = 16.00 + 15.00 delivery = 31.00.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let packer: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let stranger: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;
const year = Number(businessDate(new Date()).slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Rana Owner" });
  packer = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
  customer = await createUserWithToken(t.app);
  stranger = await createUserWithToken(t.app);
  product = await addProduct(t.database.db, {
    name: "Date maamoul",
    nameAr: "معمول بالتمر",
    priceCents: 1000,
  });
  await t.app.services.settings.update({
    seller: {
      legalName: { en: "Golden Syrup Sweets LLC", ar: "حلويات القطر الذهبي" },
      address: { en: "Example Street 1, Damascus", ar: "شارع المثال 1، دمشق" },
      taxNumber: "TAX-778899",
    },
  });
});
afterAll(() => t.close());

type Placed = { id: number; number: string; key: string };

async function newOrder(
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Placed> {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 2 }], extra),
    { headers },
  );
  expect(res.statusCode).toBe(201);
  const { number, access_key } = res.json().data;
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, number));
  return { id: row!.id, number, key: access_key };
}

const patch = (app: FastifyInstance, id: number, status: string, note?: string) =>
  app.inject({
    method: "PATCH",
    url: `/api/admin/orders/${id}`,
    headers: admin.auth,
    payload: { status, ...(note ? { note } : {}) },
  });
const detail = (id: number) =>
  t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin.auth });
const seq = (number: string) => Number(number.split("-")[2]);

describe("issuing", () => {
  it("confirming issues the invoice once; the DTOs carry it with their own links", async () => {
    const order = await newOrder();
    const placed = await t.app.inject({ url: `/api/orders/${order.number}?key=${order.key}` });
    expect(placed.json().data).toMatchObject({ invoice: null, credit_notes: [] });

    const res = await patch(t.app, order.id, "confirmed");
    expect(res.statusCode).toBe(200);
    const invoice = res.json().data.invoice;
    expect(invoice).toEqual({
      number: expect.stringMatching(new RegExp(`^INV-${year}-\\d{6}$`)),
      issued_at: expect.any(String),
      url: `/api/admin/orders/${order.id}/invoice.pdf`,
    });
    await patch(t.app, order.id, "preparing");
    const again = (await detail(order.id)).json().data;
    expect(again.invoice.number).toBe(invoice.number);

    const mine = await t.app.inject({ url: `/api/orders/${order.number}?key=${order.key}` });
    expect(mine.json().data.invoice).toEqual({
      ...invoice,
      url: `/api/orders/${order.number}/invoice.pdf`,
    });
  });

  it("a payment before confirmation issues it; confirming later issues no second one", async () => {
    const order = await newOrder();
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.auth,
      payload: { amount: 31 },
    });
    expect(paid.statusCode).toBe(200);
    const number = paid.json().data.invoice.number;
    await patch(t.app, order.id, "confirmed");
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows.map((r) => r.number)).toEqual([number]);
    expect(rows[0]!.data.payment).toMatchObject({ status: "paid", paid_cents: 3100 });
  });

  it("cancelling a pending order issues nothing; cancelling an invoiced one a credit note", async () => {
    const pending = await newOrder();
    await patch(t.app, pending.id, "canceled");
    expect((await detail(pending.id)).json().data).toMatchObject({
      invoice: null,
      credit_notes: [],
    });

    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    const res = await patch(t.app, order.id, "canceled", "Out of pistachios");
    const data = res.json().data;
    expect(data.credit_notes).toEqual([
      {
        number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{6}$`)),
        issued_at: expect.any(String),
        refers_to: data.invoice.number,
        reason: "cancellation",
        url: `/api/admin/orders/${order.id}/credit-notes/${data.credit_notes[0].number}.pdf`,
      },
    ]);
  });

  it("a refund after invoicing issues one credit note; a refund after a cancellation none more", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    const pay = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.auth,
      payload: { amount: 31 },
    });
    expect(pay.statusCode).toBe(200);
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.auth,
      payload: {},
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json().data.credit_notes).toMatchObject([{ reason: "refund" }]);

    const other = await newOrder();
    await patch(t.app, other.id, "confirmed");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${other.id}/payments`,
      headers: admin.auth,
      payload: { amount: 31 },
    });
    await patch(t.app, other.id, "canceled");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${other.id}/refund`,
      headers: admin.auth,
      payload: {},
    });
    const after = (await detail(other.id)).json().data;
    expect(after.credit_notes).toHaveLength(1);
    expect(after.credit_notes[0].reason).toBe("cancellation");
  });

  it("an issued document cannot be changed, even by a direct statement", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    await expect(
      t.database.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.orderId, order.id)),
    ).rejects.toThrow();
  });

  it("a later change of the seller's settings leaves an issued invoice as it was", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    const before = await t.app.inject({
      url: `/api/admin/orders/${order.id}/invoice.pdf`,
      headers: admin.auth,
    });
    const settings = await t.app.services.settings.get();
    await t.app.services.settings.update({
      seller: { ...settings.seller, taxNumber: "TAX-NEW" },
    });
    const after = await t.app.inject({
      url: `/api/admin/orders/${order.id}/invoice.pdf`,
      headers: admin.auth,
    });
    const text = (await pdfLines(after.rawPayload)).join("\n");
    expect(text).toContain("TAX-778899");
    expect(text).not.toContain("TAX-NEW");
    expect(await pdfLines(after.rawPayload)).toEqual(await pdfLines(before.rawPayload));
    await t.app.services.settings.update({ seller: settings.seller });
  });
});

describe("the PDF", () => {
  it("in English: seller, buyer, lines with the Arabic names beside, totals, payment state", async () => {
    const order = await newOrder({ lang: "en" });
    const res = await patch(t.app, order.id, "confirmed");
    const number = res.json().data.invoice.number;
    const pdf = await t.app.inject({
      url: `/api/orders/${order.number}/invoice.pdf?key=${order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    expect(pdf.headers["cache-control"]).toBe("no-store");
    const lines = await pdfLines(pdf.rawPayload);
    const text = lines.join("\n");
    expect(text).toContain("Invoice");
    expect(text).toContain("فاتورة");
    expect(text).toContain(`Number ${number}`);
    expect(text).toContain(`Order ${order.number}`);
    expect(text).toContain("Golden Syrup Sweets LLC");
    expect(text).toContain("Tax number: TAX-778899");
    expect(text).toContain("Layla Haddad");
    // The product's row, then its Arabic name beneath on a line of its own.
    expect(lines).toContain("Date maamoul 1 kg 2 $10.00 $20.00");
    expect(lines).toContain("معمول بالتمر");
    expect(text).toContain("Subtotal $20.00");
    expect(text).toContain("Discount 20% -$4.00");
    expect(text).toContain("Delivery $15.00");
    expect(text).toContain("Total $31.00");
    expect(text).toContain("Payment Cash on delivery");
    expect(text).toContain("Payment state Unpaid");
    // No tax rate set: no tax line.
    expect(lines.some((l) => l.startsWith("Tax included"))).toBe(false);
  });

  it("shows the promotions that applied, gift cards bought as lines, and what a gift card paid", async () => {
    const bought = await newOrder({
      lang: "en",
      gift_cards: [
        {
          amount: 50,
          recipient_name: "Mama",
          recipient_email: "mama-invoice@example.com",
          send_on: businessDate(new Date()),
          lang: "ar",
        },
      ],
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, bought.id));
    const promotion = row!.promotions[0]!;
    expect(promotion.amountCents).toBe(400);
    const first = await patch(t.app, bought.id, "confirmed");
    const boughtPdf = await t.app.inject({
      url: `/api/orders/${bought.number}/invoice.pdf?key=${bought.key}`,
    });
    const boughtText = (await pdfLines(boughtPdf.rawPayload)).join("\n");
    expect(first.json().data.invoice.number).toBeTruthy();
    expect(boughtText).toContain("Gift card for Mama 1 $50.00 $50.00");
    expect(boughtText).toContain("Subtotal $70.00");
    expect(boughtText).toContain(`Promotion: ${promotion.name} -$4.00`);
    expect(boughtText).toContain("Total $81.00");
    expect(boughtText).not.toContain("Paid by gift card");

    const issued = await t.app.inject({
      method: "POST",
      url: "/api/admin/gift-cards",
      headers: admin.auth,
      payload: { amount: 10 },
    });
    const paid = await newOrder({ lang: "en", gift_card: issued.json().data.code });
    await patch(t.app, paid.id, "confirmed");
    const paidPdf = await t.app.inject({
      url: `/api/orders/${paid.number}/invoice.pdf?key=${paid.key}`,
    });
    const paidText = (await pdfLines(paidPdf.rawPayload)).join("\n");
    expect(paidText).toContain("Total $31.00");
    expect(paidText).toContain("Paid by gift card -$10.00");
    expect(paidText).toContain("Left to pay $21.00");
  });

  it("in Arabic: right to left, the words in reading order, the English names beside", async () => {
    await t.app.services.settings.update({ taxRatePercent: 10 });
    const order = await newOrder({ lang: "ar" });
    const number = (await patch(t.app, order.id, "confirmed")).json().data.invoice.number;
    await t.app.services.settings.update({ taxRatePercent: null });
    const pdf = await t.app.inject({
      url: `/api/orders/${order.number}/invoice.pdf?key=${order.key}`,
    });
    const lines = await pdfLines(pdf.rawPayload);
    const text = lines.join("\n");
    expect(text).toContain("فاتورة");
    expect(text).toContain("Invoice");
    expect(text).toContain(`الرقم ${number}`);
    expect(text).toContain(`الطلب ${order.number}`);
    expect(text).toContain("حلويات القطر الذهبي");
    expect(text).toContain("Golden Syrup Sweets LLC");
    // The product's row: its Arabic name in order, then weight, count, unit price, amount.
    expect(lines.find((l) => l.startsWith("معمول بالتمر"))).toMatch(
      /^معمول بالتمر 1 كغ 2 10\.00 US\$ 20\.00 US\$$/,
    );
    expect(lines).toContain("Date maamoul");
    expect(text).toContain("المجموع الفرعي 20.00 US$");
    expect(text).toContain("التوصيل 15.00 US$");
    // 10% included in 31.00: 2.82 tax, 28.18 before it.
    expect(text).toContain("ضريبة مشمولة بنسبة 10% 2.82 US$");
    expect(text).toContain("حالة الدفع غير مدفوع");
  });

  it("a credit note names the invoice it refers to and why", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    const data = (await patch(t.app, order.id, "canceled")).json().data;
    const pdf = await t.app.inject({
      url: `/api/orders/${order.number}/credit-notes/${data.credit_notes[0].number}.pdf?key=${order.key}`,
    });
    expect(pdf.statusCode).toBe(200);
    const lines = await pdfLines(pdf.rawPayload);
    const text = lines.join("\n");
    expect(text).toContain("Credit note");
    expect(text).toContain(`Refers to invoice ${data.invoice.number}`);
    expect(text).toContain("Reason Order cancelled");
    expect(text).toContain("Total credited $31.00");
  });
});

describe("who may download", () => {
  let order: Placed;
  let mine: Placed;
  beforeAll(async () => {
    order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    mine = await newOrder({}, customer.auth);
    await patch(t.app, mine.id, "confirmed");
  });

  it("the account's token opens its own order's invoice, not another's", async () => {
    const own = await t.app.inject({
      url: `/api/orders/${mine.number}/invoice.pdf`,
      headers: customer.auth,
    });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({
      url: `/api/orders/${mine.number}/invoice.pdf`,
      headers: stranger.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: "Order not found." });
  });

  it.each([
    ["no key", ""],
    ["a wrong key", "?key=not-the-key"],
  ])("%s: 404 like an unknown order", async (_, query) => {
    const res = await t.app.inject({ url: `/api/orders/${order.number}/invoice.pdf${query}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order not found.");
  });

  it("an order with no invoice yet: 404 naming the invoice", async () => {
    const fresh = await newOrder();
    const res = await t.app.inject({
      url: `/api/orders/${fresh.number}/invoice.pdf?key=${fresh.key}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: INVOICE_MESSAGES.NOT_FOUND });
    const admin404 = await t.app.inject({
      url: `/api/admin/orders/${fresh.id}/invoice.pdf`,
      headers: admin.auth,
    });
    expect(admin404.statusCode).toBe(404);
  });

  it("a malformed credit note name is a 400; an unknown one a 404", async () => {
    const bad = await t.app.inject({
      url: `/api/orders/${order.number}/credit-notes/INV-2026-000001.pdf?key=${order.key}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.credit).toEqual([INVOICE_MESSAGES.NUMBER]);
    const unknown = await t.app.inject({
      url: `/api/orders/${order.number}/credit-notes/CN-2026-999999.pdf?key=${order.key}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(INVOICE_MESSAGES.CREDIT_NOTE_NOT_FOUND);
  });

  it("the back office: orders role yes, another role 403, a customer 403, nobody 401", async () => {
    const url = `/api/admin/orders/${order.id}/invoice.pdf`;
    expect((await t.app.inject({ url, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: packer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: customer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe("the period export (GET /api/admin/invoices)", () => {
  const today = businessDate(new Date());

  it("CSV: every document of the period, credit notes negative", async () => {
    const order = await newOrder({ name: "Export Buyer" });
    const inv = (await patch(t.app, order.id, "confirmed")).json().data.invoice.number;
    const cn = (await patch(t.app, order.id, "canceled")).json().data.credit_notes[0].number;
    const res = await t.app.inject({
      url: `/api/admin/invoices?from=${today}&to=${today}&format=csv`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="invoices-${today}-${today}.csv"`,
    );
    const rows = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toMatch(/^number,kind,issued,order,refers_to,buyer,/);
    const invRow = rows.find((r) => r.startsWith(`${inv},`))!;
    const cnRow = rows.find((r) => r.startsWith(`${cn},`))!;
    expect(invRow).toContain(`,invoice,${today},${order.number},,Export Buyer,`);
    expect(invRow).toMatch(/,31\.00,,,$/);
    expect(cnRow).toContain(`,credit_note,${today},${order.number},${inv},Export Buyer,`);
    expect(cnRow).toMatch(/,-31\.00,,,$/);
  });

  it("ZIP: each document's PDF and the CSV, readable by another zip reader", async () => {
    const res = await t.app.inject({
      url: `/api/admin/invoices?from=${today}&to=${today}&format=zip`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    const count = await t.database.db.$count(invoices);
    expect(names).toHaveLength(count + 1);
    expect(names).toContain("invoices.csv");
    const pdfName = names.find((n) => n.startsWith("INV-"))!;
    const lines = await pdfLines(Buffer.from(files[pdfName]!));
    expect(lines).toContain(`Number ${pdfName.slice(0, -4)}`);
  });

  it("a period with nothing in it is a CSV with its header only", async () => {
    const res = await t.app.inject({
      url: "/api/admin/invoices?from=2001-01-01&to=2001-01-31",
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n"),
    ).toHaveLength(1);
  });

  it.each([
    ["from=2026-02-30&to=2026-03-01", "from", INVOICE_MESSAGES.DATE],
    ["from=2026-03-01", "to", INVOICE_MESSAGES.DATE],
    ["from=2026-03-02&to=2026-03-01", "to", INVOICE_MESSAGES.RANGE],
    ["from=2024-01-01&to=2026-01-01", "to", INVOICE_MESSAGES.SPAN],
    ["from=2026-03-01&to=2026-03-31&format=pdf", "format", INVOICE_MESSAGES.FORMAT],
  ])("%s: 400 on %s (a query that cannot be read)", async (query, field, message) => {
    const res = await t.app.inject({ url: `/api/admin/invoices?${query}`, headers: admin.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("another role 403", async () => {
    const res = await t.app.inject({
      url: `/api/admin/invoices?from=${today}&to=${today}`,
      headers: packer.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("numbers under concurrency", () => {
  let second: { app: FastifyInstance; database: Database; dataDir: string } | null = null;
  beforeAll(async () => {
    // On PostgreSQL a second instance (own pool) on the same database; PGlite has one.
    if (!t.url) return;
    const database = await openPostgres(t.url, 10);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-invoices-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const app = await buildApp({ config, database, web: "none", rateLimit: false });
    await app.ready();
    second = { app, database, dataDir };
  });
  afterAll(async () => {
    if (!second) return;
    await second.app.close();
    await second.database.close();
    fs.rmSync(second.dataDir, { recursive: true, force: true });
  });

  it("100 concurrent confirmations on two instances give 100 distinct consecutive numbers", async () => {
    const placed: Placed[] = [];
    for (let i = 0; i < 100; i++) placed.push(await newOrder({ city: "Rush City" }));
    const [last] = await t.database.db
      .select({ seq: sql<number>`coalesce(max(${invoices.seq}), 0)` })
      .from(invoices)
      .where(eq(invoices.kind, "invoice"));
    const apps = [t.app, second?.app ?? t.app];
    const answers = await Promise.all(
      placed.map((order, i) => patch(apps[i % 2]!, order.id, "confirmed")),
    );
    // On a loaded machine a request may wait too long for a pooled connection: a 503, either
    // before its transaction (rolled back whole, no number taken: the order is still pending
    // and is confirmed again here) or in the read after it committed.
    const statuses = new Set(answers.map((r) => r.statusCode));
    expect([...statuses].every((s) => s === 200 || s === 503)).toBe(true);
    for (const [i, answer] of answers.entries()) {
      if (answer.statusCode === 200) continue;
      const now = (await detail(placed[i]!.id)).json().data;
      if (now.status === "pending")
        expect((await patch(t.app, placed[i]!.id, "confirmed")).statusCode).toBe(200);
    }
    const rows = await t.database.db
      .select({ number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          placed.map((o) => o.id),
        ),
      );
    expect(rows).toHaveLength(100);
    const numbers = rows.map((r) => r.number);
    expect(new Set(numbers).size).toBe(100);
    const seqs = numbers.map(seq).sort((a, b) => a - b);
    const first = Number(last!.seq) + 1;
    expect(seqs).toEqual(Array.from({ length: 100 }, (_, i) => first + i));
  }, 120_000);

  it("a confirmation that fails after taking a number gives it back (no gap)", async () => {
    const a = await newOrder();
    const b = await newOrder();
    const n1 = seq((await patch(t.app, a.id, "confirmed")).json().data.invoice.number);
    // A transaction that issues and then rolls back.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update invoice_counters set last = last + 1 where series = 'INV' and year = ${year}`,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const n2 = seq((await patch(t.app, b.id, "confirmed")).json().data.invoice.number);
    expect(n2).toBe(n1 + 1);
  });
});

describe("partial refunds", () => {
  const refund = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/refund`,
      headers: admin.auth,
      payload,
    });

  it("each partial refund of an invoiced order issues a credit note for what it gave back, numbered in the same series; the last one credits what is left", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.auth,
      payload: { amount: 31 },
    });
    const lineId = (await detail(order.id)).json().data.lines[0].line_id;

    // One of the two kilos back: 10.00 less the order's 20% = 8.00.
    const byLine = await refund(order.id, {
      lines: [{ line_id: lineId, grams: 1000, restock: false }],
    });
    expect(byLine.statusCode).toBe(200);
    const first = byLine.json().data.credit_notes;
    expect(first).toMatchObject([{ reason: "partial_refund" }]);
    // A plain amount.
    const byAmount = await refund(order.id, { amount: 5 });
    expect(byAmount.statusCode).toBe(200);
    // The rest (31.00 - 8.00 - 5.00 = 18.00), the order now refunded in full.
    const rest = await refund(order.id, {});
    expect(rest.statusCode).toBe(200);
    const notes = rest.json().data.credit_notes;
    expect(notes.map((n: { reason: string }) => n.reason)).toEqual([
      "partial_refund",
      "partial_refund",
      "refund",
    ]);
    const rows = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(invoices.id);
    const credits = rows.filter((r) => r.kind === "credit_note");
    expect(credits.map((r) => r.totalCents)).toEqual([800, 500, 1800]);
    // Gap-free: three consecutive numbers of the credit-note series.
    const seqs = credits.map((r) => seq(r.number));
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    expect(credits.every((r) => r.data.refers_to === rows[0]!.number)).toBe(true);
    // The first note lists the line given back, the second the amount.
    expect(credits[0]!.data.lines).toEqual([
      expect.objectContaining({ name_en: "Date maamoul", grams: 1000, line_total_cents: 800 }),
    ]);
    expect(credits[1]!.data.lines).toEqual([
      expect.objectContaining({ name_en: "Refund", grams: 0, line_total_cents: 500 }),
    ]);
    // Nothing more to credit: the notes add up to the invoice.
    expect(credits.reduce((sum, r) => sum + r.totalCents, 0)).toBe(rows[0]!.totalCents);

    // The customer (by the order's key) and the desk download it.
    const mine = await t.app.inject({
      url: `/api/orders/${order.number}/credit-notes/${first[0].number}.pdf?key=${order.key}`,
    });
    expect(mine.statusCode).toBe(200);
    const text = (await pdfLines(mine.rawPayload)).join("\n");
    expect(text).toContain("Reason Partial refund");
    expect(text).toContain("Total credited $8.00");
    const desk = await t.app.inject({
      url: `/api/admin/orders/${order.id}/credit-notes/${first[0].number}.pdf`,
      headers: admin.auth,
    });
    expect(desk.statusCode).toBe(200);
    expect(desk.headers["content-type"]).toContain("application/pdf");
  });

  it("a cancellation after a partial refund credits only what the invoice still stands for; an order without an invoice gets no credit note", async () => {
    const order = await newOrder();
    await patch(t.app, order.id, "confirmed");
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/payments`,
      headers: admin.auth,
      payload: { amount: 31 },
    });
    expect((await refund(order.id, { amount: 6 })).statusCode).toBe(200);
    const data = (await patch(t.app, order.id, "canceled")).json().data;
    expect(data.credit_notes.map((n: { reason: string }) => n.reason)).toEqual([
      "partial_refund",
      "cancellation",
    ]);
    const totals = (
      await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    )
      .filter((r) => r.kind === "credit_note")
      .map((r) => r.totalCents)
      .sort((a, b) => a - b);
    expect(totals).toEqual([600, 2500]);

    // Paid before any invoice? A payment issues it; so an order never confirmed nor paid
    // (cash on delivery, refunded nothing) has nothing to correct.
    const bare = await newOrder();
    expect((await detail(bare.id)).json().data.credit_notes).toEqual([]);
  });
});
