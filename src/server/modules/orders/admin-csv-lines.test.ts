import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { BOM, linesOfOrders, ordersCsv } from "./admin-csv.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

// Issue 28: `GET /api/admin/orders.csv?lines=1` writes one row per order line, as accountants
// ask, still streamed batch by batch.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
const placed: string[] = [];
let baklava: number;
let maamoul: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  baklava = await addProduct(t.database.db, {
    name: "Baklava",
    nameAr: "بقلاوة",
    priceCents: 2000,
    options: [{ grams: 500 }, { grams: 1000 }],
  });
  maamoul = await addProduct(t.database.db, {
    name: "=Maamoul",
    nameAr: "معمول",
    priceCents: 1500,
  });
  for (const lines of [
    [
      { productId: baklava, grams: 500, qty: 2 },
      { productId: maamoul, grams: 1000, qty: 1 },
    ],
    [{ productId: baklava, grams: 1000, qty: 3 }],
  ]) {
    const res = await placeOrder(t.app, orderBody(lines, { name: "ليلى حداد" }));
    expect(res.statusCode).toBe(201);
    placed.push(res.json().data.number);
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ url, headers });
const rows = (body: string) => body.replace(BOM, "").split("\r\n").filter(Boolean);

describe("GET /api/admin/orders.csv?lines=1", () => {
  it("writes one row per line with product, weight, quantity and prices; BOM and Arabic intact", async () => {
    const res = await get("/api/admin/orders.csv?lines=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...lines] = rows(res.body);
    expect(header).toBe(
      "order,date,customer,country,status,payment_status,order_total,product_id,product,product_ar,weight_grams,quantity,unit_price,line_total",
    );
    const [first, second] = placed;
    // Newest order first, its lines in the order they were placed; the CSV guard applies
    // (a product name starting with "=" is neutralised).
    expect(lines.map((line) => line.split(",").slice(7).join(","))).toEqual([
      `${baklava},Baklava,بقلاوة,1000,3,20.00,60.00`,
      `${baklava},Baklava,بقلاوة,500,2,10.00,20.00`,
      `${maamoul},'=Maamoul,معمول,1000,1,15.00,15.00`,
    ]);
    expect(lines.map((line) => line.split(",")[0])).toEqual([second, first, first]);
    expect(lines[0]!.split(",").slice(2, 7)).toEqual([
      "ليلى حداد",
      "SY",
      "pending",
      "unpaid",
      expect.stringMatching(/^\d+\.\d{2}$/),
    ]);
  });

  it("keeps the filters, and without lines=1 still writes one row per order", async () => {
    const filtered = await get(`/api/admin/orders.csv?lines=1&q=${placed[0]}`);
    expect(rows(filtered.body).slice(1)).toHaveLength(2);
    const perOrder = await get("/api/admin/orders.csv?lines=0");
    expect(rows(perOrder.body)[0]).toMatch(/^order,date,customer,phone,/);
    expect(rows(perOrder.body).slice(1)).toHaveLength(2);
  });

  it("streams batch by batch: one chunk per batch of orders", async () => {
    const chunks: string[] = [];
    const loader = (ids: number[]) => linesOfOrders(t.database.db, ids);
    for await (const chunk of ordersCsv(t.app.services.adminOrders, {}, 1, loader))
      chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    expect(rows(chunks[1]!)).toHaveLength(1);
    expect(rows(chunks[2]!)).toHaveLength(2);
  });

  it("refuses a bad value with 400 and anyone but an orders admin", async () => {
    const bad = await get("/api/admin/orders.csv?lines=yes");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    expect((await get("/api/admin/orders.csv?lines=1", {})).statusCode).toBe(401);
    const kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
    expect((await get("/api/admin/orders.csv?lines=1", kitchen.auth)).statusCode).toBe(403);
  });
});
