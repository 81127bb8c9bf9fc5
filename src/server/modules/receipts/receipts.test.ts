import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RECEIPT_BYTES_PER_ORDER, RECEIPT_MESSAGES } from "../../../shared/domain/receipts.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { type MultipartFile, multipartBody } from "../../test/multipart.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.app.database.db, { priceCents: 3000 });
});
afterAll(() => t.close());

const photo = () =>
  sharp({
    create: { width: 600, height: 900, channels: 3, background: { r: 240, g: 240, b: 230 } },
  })
    .withMetadata({ exif: { IFD0: { Copyright: "phone gps here" } } })
    .jpeg()
    .toBuffer();
/** A one-page PDF as a bank's statement is: written by a PDF library, not by hand. */
const makePdf = (): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.text("Transfer receipt: 30.00 USD");
    doc.end();
  });
let pdf: Buffer;
beforeAll(async () => {
  pdf = await makePdf();
});

/** A real PDF grown to `bytes` by a comment after it (readers skip comments). */
const bigPdf = (bytes: number) =>
  Buffer.concat([
    pdf,
    Buffer.from("\n%"),
    Buffer.alloc(bytes - pdf.length - 9, 0x41),
    Buffer.from("\n%%EOF\n"),
  ]);

/** The header and end marker around anything: what passed as a PDF before. */
const fakePdf = (bytes: number) =>
  Buffer.concat([
    Buffer.from("%PDF-1.4\n"),
    Buffer.alloc(bytes - 16, 0x41),
    Buffer.from("\n%%EOF\n"),
  ]);

async function order(method = "bank_transfer") {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: method }),
  );
  expect(res.statusCode).toBe(201);
  const dto = res.json().data;
  return { number: dto.number as string, key: dto.access_key as string };
}

const upload = (
  o: { number: string; key: string },
  file: MultipartFile | null,
  key: string | null = o.key,
) =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/${o.number}/receipt${key === null ? "" : `?key=${encodeURIComponent(key)}`}`,
    ...multipartBody({}, file ? [file] : []),
  });

const idOf = async (number: string) =>
  (await t.app.database.db.select().from(orders).where(eq(orders.number, number)))[0]!.id;

describe("POST /api/orders/{number}/receipt", () => {
  it("stores a photo, re-encoded without its metadata, tells the owner and shows it on the order", async () => {
    const o = await order();
    const res = await upload(o, { field: "file", name: "receipt.jpg", data: await photo() });
    expect(res.statusCode).toBe(201);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ content_type: "image/webp" });

    // The customer's page lists it.
    const mine = await t.app.inject({ url: `/api/orders/${o.number}/receipts?key=${o.key}` });
    expect(mine.json().data).toEqual([receipt]);

    // The owner's bell and order detail.
    const bell = await t.app.inject({ url: "/api/admin/notifications", headers: admin.auth });
    expect(bell.json().data[0]).toMatchObject({
      type: "receipt_uploaded",
      data: { order_number: o.number, customer: "Layla Haddad" },
    });
    const id = await idOf(o.number);
    const detail = await t.app.inject({ url: `/api/admin/orders/${id}`, headers: admin.auth });
    const [listed] = detail.json().data.receipts;
    expect(listed.url).toBe(`/api/admin/orders/${id}/receipts/${receipt.id}`);

    const file = await t.app.inject({ url: listed.url, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["cache-control"]).toBe("no-store");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  });

  it("stores a PDF as it came and never serves a receipt without an admin token", async () => {
    const o = await order();
    const res = await upload(o, { field: "file", name: "bank.pdf", data: pdf });
    expect(res.statusCode).toBe(201);
    const id = await idOf(o.number);
    const url = `/api/admin/orders/${id}/receipts/${res.json().data.id}`;
    const file = await t.app.inject({ url, headers: admin.auth });
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers["content-security-policy"]).toContain("sandbox");

    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const customer = await createUserWithToken(t.app);
    expect((await t.app.inject({ url, headers: customer.auth })).statusCode).toBe(403);
    // Another order's id with this receipt's id: not found.
    const other = await order();
    const wrong = `/api/admin/orders/${await idOf(other.number)}/receipts/${res.json().data.id}`;
    expect((await t.app.inject({ url: wrong, headers: admin.auth })).statusCode).toBe(404);
    // The public storage route does not serve the private folder.
    const stored = await t.app.inject({ url: "/storage/private/receipts/x.pdf" });
    expect(stored.statusCode).toBe(404);
  });

  it.each([
    ["no file", null, 422, RECEIPT_MESSAGES.REQUIRED],
    [
      "an empty file",
      { field: "file", name: "r.jpg", data: Buffer.alloc(0) },
      422,
      RECEIPT_MESSAGES.REQUIRED,
    ],
    [
      "a text file named .jpg",
      { field: "file", name: "r.jpg", data: Buffer.from("hello") },
      422,
      RECEIPT_MESSAGES.TYPE,
    ],
    [
      "an HTML file named .pdf",
      { field: "file", name: "r.pdf", data: Buffer.from("<script>alert(1)</script>") },
      422,
      RECEIPT_MESSAGES.TYPE,
    ],
    [
      "a truncated PDF",
      { field: "file", name: "r.pdf", data: Buffer.from("%PDF-1.4\n1 0 obj") },
      422,
      RECEIPT_MESSAGES.TYPE,
    ],
    [
      "a header and an end marker around noise (not a PDF a reader opens)",
      { field: "file", name: "r.pdf", data: fakePdf(64 * 1024) },
      422,
      RECEIPT_MESSAGES.TYPE,
    ],
    [
      "a header, an empty object and trailer, and an end marker",
      {
        field: "file",
        name: "r.pdf",
        data: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      },
      422,
      RECEIPT_MESSAGES.TYPE,
    ],
    [
      "a file over 10 MB",
      { field: "file", name: "r.pdf", data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) },
      413,
      RECEIPT_MESSAGES.TOO_LARGE,
    ],
  ] as const)("refuses %s with a clear message", async (_label, file, status, message) => {
    const o = await order();
    const res = await upload(o, file as MultipartFile | null);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message, errors: { file: [message] } });
  });

  it("refuses a multipart body without a boundary or cut off with 422, never 500", async () => {
    const o = await order();
    for (const [type, payload] of [
      ["multipart/form-data", "x"],
      [
        "multipart/form-data; boundary=abc",
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF',
      ],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/orders/${o.number}/receipt?key=${o.key}`,
        headers: { "content-type": type! },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(RECEIPT_MESSAGES.REQUIRED);
    }
  });

  it("answers 404 without the order's key or with a wrong one, and to a stranger's account", async () => {
    const o = await order();
    const file = { field: "file", name: "bank.pdf", data: pdf };
    expect((await upload(o, file, null)).statusCode).toBe(404);
    expect((await upload(o, file, "not-the-key")).statusCode).toBe(404);
    const stranger = await createUserWithToken(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/orders/${o.number}/receipt`,
      ...multipartBody({}, [file], stranger.auth),
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${o.number}/receipts` })).statusCode).toBe(404);
  });

  it("refuses receipts for other payment methods, cancelled or paid orders, and a sixth one", async () => {
    const file = { field: "file", name: "bank.pdf", data: pdf };
    const cod = await order("cod");
    expect((await upload(cod, file)).json().message).toBe(RECEIPT_MESSAGES.NOT_TRANSFER);

    const cancelled = await order();
    await t.app.database.db
      .update(orders)
      .set({ status: "canceled" })
      .where(eq(orders.number, cancelled.number));
    expect((await upload(cancelled, file)).json().message).toBe(RECEIPT_MESSAGES.CANCELLED);

    const paid = await order();
    await t.app.database.db
      .update(orders)
      .set({ paymentStatus: "paid" })
      .where(eq(orders.number, paid.number));
    expect((await upload(paid, file)).json().message).toBe(RECEIPT_MESSAGES.PAID);

    const many = await order();
    for (let i = 0; i < 5; i++) expect((await upload(many, file)).statusCode).toBe(201);
    const sixth = await upload(many, file);
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().message).toBe(RECEIPT_MESSAGES.TOO_MANY);
  });
});

describe("what receipts may take", () => {
  it("an order's receipts stop at 20 MB stored, whatever their number", async () => {
    const o = await order();
    const nine = bigPdf(9 * 1024 * 1024);
    for (let i = 0; i < 2; i++)
      expect((await upload(o, { field: "file", name: "big.pdf", data: nine })).statusCode).toBe(
        201,
      );
    const third = await upload(o, {
      field: "file",
      name: "small.pdf",
      data: bigPdf(3 * 1024 * 1024),
    });
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({
      message: RECEIPT_MESSAGES.ORDER_FULL,
      errors: { file: [RECEIPT_MESSAGES.ORDER_FULL] },
    });
    expect(2 * nine.length + 3 * 1024 * 1024).toBeGreaterThan(MAX_RECEIPT_BYTES_PER_ORDER);
    // Something small still fits.
    expect((await upload(o, { field: "file", name: "r.pdf", data: pdf })).statusCode).toBe(201);
  });

  describe("per address and hour, with the shop's limits on", () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ rateLimit: true });
    });
    afterAll(() => limited.close());

    /** Random per run: with Redis the counters outlive the test process for an hour. */
    const address = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

    async function transferOrder(remoteAddress: string) {
      const item = await addProduct(limited.database.db, { priceCents: 3000 });
      const res = await limited.app.inject({
        method: "POST",
        url: "/api/orders",
        remoteAddress,
        headers: { "idempotency-key": `receipts-${randomInt(1e9)}-${randomInt(1e9)}` },
        payload: orderBody([{ productId: item, grams: 1000, qty: 1 }], {
          payment_method: "bank_transfer",
        }),
      });
      expect(res.statusCode).toBe(201);
      return {
        number: res.json().data.number as string,
        key: res.json().data.access_key as string,
      };
    }

    const send = (o: { number: string; key: string }, data: Buffer, remoteAddress: string) =>
      limited.app.inject({
        method: "POST",
        url: `/api/orders/${o.number}/receipt?key=${encodeURIComponent(o.key)}`,
        remoteAddress,
        ...multipartBody({}, [{ field: "file", name: "r.pdf", data }]),
      });

    it("about 30 MB an hour from one address, refused files included; another address is not held", async () => {
      const here = address();
      const orders2 = [await transferOrder(here), await transferOrder(here)];
      const noise = fakePdf(Math.floor(9.5 * 1024 * 1024));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await send(orders2[i % 2]!, noise, here)).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const refused = await send(orders2[0]!, pdf, here);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(RECEIPT_MESSAGES.TOO_MUCH);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);

      const elsewhere = address();
      expect((await send(await transferOrder(elsewhere), pdf, elsewhere)).statusCode).toBe(201);
    });

    it("an IPv6 network (/64) is one address: fresh addresses in it share the budget", async () => {
      const net = `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
      const noise = fakePdf(Math.floor(9.5 * 1024 * 1024));
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const here = `${net}::${i.toString(16)}`;
        statuses.push((await send(await transferOrder(here), noise, here)).statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 429]);
      // The next network is another subscriber.
      const next = `2001:db8:${randomInt(1, 0xffff).toString(16)}:1::1`;
      expect((await send(await transferOrder(next), pdf, next)).statusCode).toBe(201);
    });
  });
});
