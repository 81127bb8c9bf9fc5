import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { multipartBody } from "../../test/multipart.ts";
import { makeReceiptPdf } from "../../test/receipt-pdf.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;
/** A real PDF: the shop opens every uploaded PDF with a PDF parser. */
let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.app.database.db, { priceCents: 3000 });
  pdf = await makeReceiptPdf();
});
afterAll(() => t.close());

describe("the admin order's timeline", () => {
  it("shows the customer's receipt upload, by the customer, after the order was placed", async () => {
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        payment_method: "bank_transfer",
      }),
    );
    const { number, access_key: key } = placed.json().data;
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/orders/${number}/receipt?key=${encodeURIComponent(key)}`,
      ...multipartBody({}, [{ field: "file", name: "bank.pdf", data: pdf }]),
    });
    expect(uploaded.statusCode).toBe(201);
    const [row] = await t.app.database.db.select().from(orders).where(eq(orders.number, number));
    const detail = await t.app.inject({ url: `/api/admin/orders/${row!.id}`, headers: admin.auth });
    const timeline = detail.json().data.timeline;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(["status", "receipt"]);
    expect(timeline[1]).toEqual({
      kind: "receipt",
      id: uploaded.json().data.id,
      actor: { kind: "customer", id: null, name: null },
      at: expect.any(String),
    });
  });
});
