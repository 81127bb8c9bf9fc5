import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quantityText } from "../../../shared/domain/bidi.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { decodeMail as decode, startSmtp } from "../../test/smtp.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";
import { withoutBidiMarks } from "./finish.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let product: number;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  product = await addProduct(t.database.db, { name: "Maamoul", nameAr: "معمول", priceCents: 2000 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.state.refuseNext = 0;
  await t.database.db.delete(mailOutbox);
});

const worker = () => t.app.mailWorker!;

describe("order e-mails through a real SMTP server", () => {
  it("a bank-transfer order in Arabic: confirmation to the customer, notice to the shop", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 2 }], {
        payment_method: "bank_transfer",
        lang: "ar",
      }),
      { headers: { cookie: "lang=ar" } },
    );
    expect(res.statusCode).toBe(201);
    const { number, access_key } = res.json().data;
    // Queued right after the order, sent by the worker.
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(2);
    expect(await worker().runOnce()).toBe(2);

    const customer = smtp.received.find((m) => m.to.includes("layla@example.com"))!;
    const text = decode(customer.raw);
    expect(customer.from).toBe("shop@example.com");
    expect(text).toContain(number);
    // An Arabic order's link opens its Arabic page.
    expect(text).toContain(`https://shop.example.com/ar/order/${number}?key=${access_key}`);
    // "Find my order" (issue 25) for when that link is lost, on the order's language page.
    expect(text).toContain("https://shop.example.com/ar/track");
    // In the order's language (Arabic), with Latin digits: 2 x 20.00, then 40 - 20% + 15.
    expect(text).toContain("طلبك SW-");
    // The weight in Arabic and isolated, in both parts (issue 29.11).
    // The plain-text part without direction marks; the HTML isolates the weight.
    expect(text).toContain(`معمول (${withoutBidiMarks(quantityText(1000, 2, "ar"))})`);
    expect(text).toContain("<bdi>1 كغ</bdi> × 2");
    expect(text).toContain("40.00");
    expect(text).toContain("47.00");
    // The bank text of the settings, in Arabic.
    const { bankTransferInstructions } = await t.app.services.settings.get();
    expect(text).toContain(bankTransferInstructions.ar);

    const shop = smtp.received.find((m) => m.to.includes("info@example.com"))!;
    const notice = decode(shop.raw);
    expect(notice).toContain(`New order ${number}`);
    expect(notice).toContain("Layla Haddad");
    expect(notice).toContain("https://shop.example.com/admin-orders");

    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it("a refusal is retried after the backoff and then delivered", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        email: null,
        phone: "+963 944 000 222",
      }),
    );
    expect(res.statusCode).toBe(201);
    // A guest without e-mail: only the shop's notice.
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(1);

    smtp.state.refuseNext = 1;
    const now = new Date();
    expect(await worker().runOnce(now)).toBe(0);
    const [failed] = await t.database.db.select().from(mailOutbox);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(failed!.lastError).toMatch(/451|Try again later/);
    expect(failed!.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);

    // Not due yet: nothing happens.
    expect(await worker().runOnce(new Date(now.getTime() + 10_000))).toBe(0);
    expect(smtp.received).toHaveLength(0);
    // Due: delivered.
    expect(await worker().runOnce(new Date(now.getTime() + 31_000))).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [sent] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, failed!.id));
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(sent!.sentAt).not.toBeNull();
  });

  it("a queued mail is due at the very millisecond it was queued", async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(2);
    // A worker whose clock reads the same millisecond (a Date has no microseconds, PostgreSQL's
    // now() has) sends both.
    const queuedAt = Math.max(...rows.map((r) => r.nextAttemptAt.getTime()));
    expect(await worker().runOnce(new Date(queuedAt))).toBe(2);
  });

  it("a mail server that is down never fails or slows the order", async () => {
    await smtp.close();
    const res = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    expect(await worker().runOnce()).toBe(0);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.attempts === 1 && r.sentAt === null)).toBe(true);
    smtp = await startSmtp();
  });
});

describe("without SMTP_URL", () => {
  it("nothing is queued or sent", async () => {
    const plain = await createTestApp();
    try {
      const id = await addProduct(plain.database.db);
      const res = await placeOrder(plain.app, orderBody([{ productId: id, grams: 1000, qty: 1 }]));
      expect(res.statusCode).toBe(201);
      expect(plain.app.mailWorker).toBeUndefined();
      expect(await plain.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
