import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/domain/reviews.ts";
import { orders } from "../../db/schema/orders.ts";
import { productReviews } from "../../db/schema/reviews.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Reviews from buyers: written from a received order, moderated, then shown.

let t: TestApp;
let baklava: number;
let maamoul: number;
let order: { number: string; key: string };
let open: { number: string; key: string };

async function buy(productId: number, completed: boolean) {
  const res = await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  const { number, access_key } = res.json().data;
  if (completed)
    await t.database.db
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.number, number));
  return { number: number as string, key: access_key as string };
}

beforeAll(async () => {
  t = await createTestApp();
  baklava = await addProduct(t.database.db, { name: "Baklava" });
  maamoul = await addProduct(t.database.db, { name: "Maamoul" });
  order = await buy(baklava, true);
  open = await buy(baklava, false);
});
afterAll(() => t.close());

const review = (productId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: `/api/products/${productId}/reviews`, payload });
const published = (productId: number, lang = "en") =>
  t.app.inject({ url: `/api/products/${productId}/reviews?lang=${lang}` });

describe("reviews", () => {
  it("refuses what the rules refuse with 422, writing nothing", async () => {
    const good = { rating: 5, text: "Fresh and crisp", order_number: order.number, key: order.key };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, rating: 0 }, baklava, REVIEW_MESSAGES.RATING],
      [{ ...good, rating: 6 }, baklava, REVIEW_MESSAGES.RATING],
      [{ ...good, text: "x".repeat(2001) }, baklava, REVIEW_MESSAGES.TEXT_TOO_LONG],
      [{ ...good, text: "<b>great</b>" }, baklava, REVIEW_MESSAGES.TEXT_MARKUP],
      [{ ...good, key: "wrong" }, baklava, REVIEW_MESSAGES.NOT_RECEIVED],
      [{ ...good }, maamoul, REVIEW_MESSAGES.NOT_RECEIVED],
      [
        { ...good, order_number: open.number, key: open.key },
        baklava,
        REVIEW_MESSAGES.NOT_RECEIVED,
      ],
    ];
    for (const [payload, productId, message] of cases) {
      const res = await review(productId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(Object.values(res.json().errors).flat()).toContain(message);
    }
    expect(await t.database.db.select().from(productReviews)).toHaveLength(0);
  });

  it("takes one review per product and order, pending until the owner publishes it", async () => {
    const res = await review(baklava, {
      rating: 4,
      text: "طازجة ولذيذة",
      order_number: order.number,
      key: order.key,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ rating: 4, lang: "ar", author: "Layla" });
    const again = await review(baklava, {
      rating: 5,
      text: "Again",
      order_number: order.number,
      key: order.key,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.order_number).toEqual([REVIEW_MESSAGES.ALREADY_REVIEWED]);
    expect((await published(baklava)).json()).toEqual({
      data: [],
      meta: { average: null, count: 0 },
    });
  });

  it("tells the order page which products its buyer reviewed; a stranger gets 404", async () => {
    const mine = await t.app.inject({
      url: `/api/orders/${order.number}/reviews?key=${encodeURIComponent(order.key)}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ data: { product_ids: [baklava] } });
    const other = await t.app.inject({
      url: `/api/orders/${order.number}/reviews?key=${encodeURIComponent(open.key)}`,
    });
    expect(other.statusCode).toBe(404);
    const stranger = await createUserWithToken(t.app);
    const signedIn = await t.app.inject({
      url: `/api/orders/${order.number}/reviews`,
      headers: stranger.auth,
    });
    expect(signedIn.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/orders/<x>/reviews" })).statusCode).toBe(400);
  });

  it("the owner lists, publishes and replies (audited); the shop then shows it with the average", async () => {
    const owner = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    const list = await t.app.inject({
      url: "/api/admin/reviews?status=pending",
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    const [pending] = list.json().data;
    expect(pending).toMatchObject({ status: "pending", order_number: order.number });
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/reviews/${pending.id}`,
      headers: owner.auth,
      payload: { status: "published", reply: "Thank you!", reply_ar: "شكراً لك!" },
    });
    expect(patched.statusCode).toBe(200);
    // The cached list follows the write at once (the table's content-version trigger).
    const shown = (await published(baklava, "ar")).json();
    expect(shown.meta).toEqual({ average: 4, count: 1 });
    expect(shown.data[0]).toMatchObject({ text: "طازجة ولذيذة", reply_ar: "شكراً لك!" });
    const history = await t.app.inject({
      url: `/api/admin/audit?entity=review&entity_id=${pending.id}`,
      headers: owner.auth,
    });
    expect(history.json().data[0].changes.map((c: { field: string }) => c.field)).toContain(
      "status",
    );
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/reviews/${pending.id}`,
      headers: owner.auth,
      payload: { status: "hidden" },
    });
    expect((await published(baklava)).json().meta.count).toBe(0);
  });

  it("is the catalogue role's: 401 without a token, 403 for a customer or the kitchen", async () => {
    expect((await t.app.inject({ url: "/api/admin/reviews" })).statusCode).toBe(401);
    const customer = await createUserWithToken(t.app);
    expect(
      (await t.app.inject({ url: "/api/admin/reviews", headers: customer.auth })).statusCode,
    ).toBe(403);
    const kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
    expect(
      (await t.app.inject({ url: "/api/admin/reviews", headers: kitchen.auth })).statusCode,
    ).toBe(403);
  });
});
