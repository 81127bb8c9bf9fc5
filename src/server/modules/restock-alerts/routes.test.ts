import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESTOCK_MESSAGES } from "../../../shared/schemas/restock-alerts.ts";
import { products } from "../../db/schema/catalog.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { restockAlerts } from "../../db/schema/restock-alerts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct } from "../orders/test-fixtures.ts";

// "E-mail me when it is back": POST /api/products/{id}/restock-alerts, the restock job, the stop.

let t: TestApp;
let soldOut: number;
let inStock: number;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      // The outbox is filled; nothing is sent in these tests (the mail worker does not run).
      SMTP_URL: "smtp://127.0.0.1:1",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  soldOut = await addProduct(t.database.db, {
    name: "Pistachio baklava",
    nameAr: "بقلاوة بالفستق",
    stockGrams: 0,
    options: [{ grams: 500 }, { grams: 1000 }],
  });
  inStock = await addProduct(t.database.db, { name: "Barazek", stockGrams: 5000 });
});
afterAll(() => t.close());

const ask = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/products/${id}/restock-alerts`, payload, headers });
const waiting = () => t.database.db.select().from(restockAlerts);
const outbox = () =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "restock_alert"));
const restock = (id: number, grams: number | null) =>
  t.database.db.update(products).set({ stockGrams: grams }).where(eq(products.id, id));

describe("back-in-stock alerts", () => {
  it("takes an address for a sold-out product: 202, once however often it is asked", async () => {
    const res = await ask(soldOut, { email: "Buyer@Example.com" }, { "accept-language": "ar" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { email: "Buyer@Example.com" } });
    const again = await ask(soldOut, { email: "buyer@example.com" });
    expect(again.statusCode, again.body).toBe(202);
    expect(
      (await ask(soldOut, { email: "other@example.com", grams: 1000, lang: "en" })).statusCode,
    ).toBe(202);
    const rows = await waiting();
    expect(rows.map((r) => [r.email, r.grams, r.lang])).toEqual([
      ["Buyer@Example.com", null, "ar"],
      ["other@example.com", 1000, "en"],
    ]);
  });

  it("refuses bad input with 422 and writes nothing; an unknown product is a 404", async () => {
    const inStockRes = await ask(inStock, { email: "a@example.com" });
    expect(inStockRes.statusCode).toBe(422);
    expect(inStockRes.json()).toEqual({
      message: RESTOCK_MESSAGES.IN_STOCK,
      errors: { product: [RESTOCK_MESSAGES.IN_STOCK] },
    });
    const weight = await ask(soldOut, { email: "a@example.com", grams: 250 });
    expect(weight.statusCode).toBe(422);
    expect(weight.json().errors).toEqual({ grams: [RESTOCK_MESSAGES.WEIGHT_UNKNOWN] });
    expect((await ask(soldOut, { email: "not an address" })).statusCode).toBe(422);
    expect((await ask(999_999, { email: "a@example.com" })).statusCode).toBe(404);
    expect(await waiting()).toHaveLength(2);
  });

  it("the owner sees how many wait, per product, in the products list", async () => {
    const admin = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    const res = await t.app.inject({ url: "/api/admin/products", headers: admin.auth });
    const byId = new Map(
      (res.json().data as { id: number; restock_waiting: number }[]).map((p) => [p.id, p]),
    );
    expect(byId.get(soldOut)?.restock_waiting).toBe(2);
    expect(byId.get(inStock)?.restock_waiting).toBe(0);
  });

  it("when stock returns: one e-mail per address in its language, the address deleted, even with two runs at once", async () => {
    expect(await t.app.restockWorker!.runOnce()).toBe(0);
    // Enough for 500 g, not for the 1 kg the other address asked for.
    await restock(soldOut, 600);
    const runs = await Promise.all([
      t.app.restockWorker!.runOnce(),
      t.app.restockWorker!.runOnce(),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    const [mail] = await outbox();
    expect(mail!.to).toBe("Buyer@Example.com");
    expect(mail!.subject).toContain("بقلاوة بالفستق");
    expect(mail!.text).toContain(`https://shop.example.com/ar/product/${soldOut}-`);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await waiting()).map((r) => r.email)).toEqual(["other@example.com"]);

    await restock(soldOut, null);
    expect(await t.app.restockWorker!.runOnce()).toBe(1);
    expect(await outbox()).toHaveLength(2);
    expect(await waiting()).toHaveLength(0);
    expect(await t.app.restockWorker!.runOnce()).toBe(0);
  });

  it("the e-mail's one-click stop removes the address's other waiting alerts", async () => {
    const other = await addProduct(t.database.db, { name: "Maamoul", stockGrams: 0 });
    await restock(soldOut, 0);
    await ask(soldOut, { email: "stop@example.com" });
    await ask(other, { email: "stop@example.com" });
    await restock(soldOut, 5000);
    await t.app.restockWorker!.runOnce();
    const mail = (await outbox()).find((m) => m.to === "stop@example.com")!;
    const stop = new URL(/https:\/\/\S+stop\?token=\S+/.exec(mail.text)![0]);
    const res = await t.app.inject({
      method: "POST",
      url: `${stop.pathname}${stop.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.json()).toEqual({ data: { stopped: 1 } });
    expect(await waiting()).toHaveLength(0);
    // Clicked again (or by a person): still fine, nothing left.
    const page = await t.app.inject({ url: `${stop.pathname}${stop.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });

  it("deletes an address unused after 90 days", async () => {
    await restock(soldOut, 0);
    await ask(soldOut, { email: "old@example.com" });
    const later = new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
    await t.app.restockWorker!.runOnce(later);
    expect(await waiting()).toHaveLength(0);
  });

  it("is rate limited like the contact form", async () => {
    const limited = await createTestApp({
      rateLimit: true,
      env: { SMTP_URL: "smtp://127.0.0.1:1" },
    });
    try {
      const id = await addProduct(limited.database.db, { stockGrams: 0 });
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: `/api/products/${id}/restock-alerts`,
          payload: { email: `n${i}@example.com` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 202)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
