import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOOD_MESSAGES } from "../../../shared/domain/food.ts";
import { COMMERCIAL_INVOICE_MESSAGES } from "../../../shared/schemas/invoice.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { pdfLines } from "../../test/pdf-text.ts";
import { orderBody, placeOrder } from "./test-fixtures.ts";

// The commercial invoice for customs: an order shipped abroad, each line with its HS code,
// origin and net weight from the product, in English and in Arabic.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let baklava: number;
let plain: number;

const food = (extra: Record<string, unknown>) => ({
  ingredients: "Flour, pistachios, butter",
  allergens: ["nuts", "gluten", "milk"],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true });
  const category = (
    await t.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: owner.auth,
      payload: { name: "Baklava" },
    })
  ).json().data.id;
  const create = async (payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: owner.auth,
      payload: { price: 30, category_id: category, stock: "", ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  baklava = await create({
    name: "Pistachio baklava",
    name_ar: "بقلاوة بالفستق",
    food: food({ origin: "LB", hs_code: "1905.90.90" }),
  });
  // No origin or HS code given: made here, code left blank.
  plain = await create({ name: "Plain maamoul", name_ar: "معمول سادة" });
});
afterAll(() => t.close());

async function orderTo(country: string, lang: "en" | "ar" = "en") {
  const res = await placeOrder(
    t.app,
    orderBody(
      [
        { productId: baklava, grams: 1000, qty: 3 },
        { productId: plain, grams: 1000, qty: 1 },
      ],
      { lang },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  // Placed as a domestic order, then addressed abroad (the shipping zones are not the point).
  const [row] = await t.database.db
    .update(orders)
    .set({ country, city: "Berlin", address: "Hauptstrasse 1" })
    .where(eq(orders.number, res.json().data.number))
    .returning();
  return row!;
}

const download = (id: number, query = "") =>
  t.app.inject({
    url: `/api/admin/orders/${id}/commercial-invoice.pdf${query}`,
    headers: owner.auth,
  });

describe("commercial invoice", () => {
  it("the product form takes an HS code of 6 to 10 digits only: 422 otherwise", async () => {
    for (const hs of ["1905", "19059090901", "19a590"]) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/admin/products/${baklava}`,
        headers: owner.auth,
        payload: { name: "Pistachio baklava", price: 30, food: food({ hs_code: hs }) },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors["food.hs_code"] ?? res.json().errors.hs_code).toEqual([
        FOOD_MESSAGES.HS_CODE,
      ]);
    }
  });

  it("in English: seller, buyer, each line's HS code, origin, net kg, value, totals, incoterm", async () => {
    const order = await orderTo("DE");
    // The packer weighed the baklava: its net weight is what left.
    await t.database.db
      .update(orderLines)
      .set({ weighedGrams: 3050 })
      .where(eq(orderLines.productId, baklava));
    const res = await download(order.id, "?incoterm=DDP&reason=sale");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`commercial-invoice-${order.number}.pdf`);
    const text = (await pdfLines(res.rawPayload)).join("\n");
    for (const expected of [
      "Commercial invoice",
      "Incoterm DDP",
      "Reason for export Sale",
      "Currency USD",
      "Seller / exporter",
      "Buyer / consignee",
      "Hauptstrasse 1, Berlin, DE",
      "Description HS code Origin Net kg Qty Value",
      "1905.90.90 LB 3.050 3",
      "SY 1.000 1",
      "Total net weight 4.050 kg",
    ])
      expect(text).toContain(expected);
    expect(text).toContain("Pistachio baklava");
    expect(text).toContain("Total value USD");
  });

  it("in Arabic: the same columns with Arabic labels, shaped and in reading order", async () => {
    const order = await orderTo("DE", "ar");
    const res = await download(order.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfLines(res.rawPayload)).join("\n");
    // The page's own language (the order's), the English title beside it.
    expect(text).toContain("فاتورة تجارية");
    expect(text).toContain("Commercial invoice");
    // "بقلاوة" comes out of the reader with its lam-alef ligature split ("بقالوة"): the
    // drawn glyphs are right, so the line is checked by its other words and figures.
    expect(text).toContain("بالفستق 1905.90.90 LB 3.000 3");
    expect(text).toContain("معمول سادة SY 1.000 1");
    expect(text).toContain("الوصف رمز النظام المنسق المنشأ الوزن الصافي كغ الكمية القيمة");
    expect(text).toContain("شرط التسليم DAP");
    expect(text).toContain("إجمالي الوزن الصافي 4.000 كغ");
  });

  it("a domestic order has none (422); bad terms 400; unknown order 404; not for strangers", async () => {
    const local = await orderTo("SY");
    const res = await download(local.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(COMMERCIAL_INVOICE_MESSAGES.DOMESTIC);
    const abroad = await orderTo("DE");
    expect((await download(abroad.id, "?incoterm=FOB")).statusCode).toBe(400);
    expect((await download(abroad.id, "?reason=smuggling")).statusCode).toBe(400);
    expect((await download(999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      url: `/api/admin/orders/${abroad.id}/commercial-invoice.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
