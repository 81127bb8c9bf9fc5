import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { reviewRequestStops, reviewRequests } from "../../db/schema/reviews.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// The review request: one e-mail per delivered order, N days after delivery, in the order's
// language, linking to the review form on the order's page; off until the owner sets N.

let t: TestApp;
let baklava: number;
let owner: { auth: Record<string, string> };
const DAY = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-11-01T10:00:00Z");
const at = (days: number) => new Date(delivered.getTime() + days * DAY);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      // The outbox is filled; nothing is sent in these tests (the mail worker does not run).
      SMTP_URL: "smtp://127.0.0.1:1",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  baklava = await addProduct(t.database.db, { name: "Baklava", nameAr: "بقلاوة" });
  owner = await createUserWithToken(t.app, { admin: true });
});
afterAll(() => t.close());

/** An order placed, then delivered at `when` (its move to completed, as the desk records it). */
async function deliveredOrder(
  extra: Record<string, unknown> = {},
  when: Date | null = delivered,
): Promise<{ id: number; number: string }> {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: baklava, grams: 1000, qty: 1 }], extra),
  );
  expect(res.statusCode, res.body).toBe(201);
  const number = res.json().data.number as string;
  const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
  if (when) {
    await t.database.db.update(orders).set({ status: "completed" }).where(eq(orders.id, row!.id));
    await t.database.db
      .insert(orderEvents)
      .values({ orderId: row!.id, status: "completed", actor: "admin:1", createdAt: when });
  }
  return { id: row!.id, number };
}

async function setDays(days: number | "") {
  const current = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
  const { updated_at: _date, ...values } = current.json().data;
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    headers: owner.auth,
    payload: { ...values, review_request_days: days },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.review_request_days;
}

const requests = () =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "review_request"));

describe("review requests", () => {
  it("are off by default: a delivered order long ago gets nothing", async () => {
    await deliveredOrder();
    const settings = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
    expect(settings.json().data.review_request_days).toBeNull();
    expect(await t.app.reviewRequestWorker!.runOnce(at(10))).toBe(0);
    expect(await requests()).toHaveLength(0);
  });

  it("the setting takes 1 to 60 days or empty for never; anything else is a 422", async () => {
    const current = (await t.app.inject({ url: "/api/admin/settings", headers: owner.auth })).json()
      .data;
    for (const bad of [0, 61, 2.5, "soon"]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        headers: owner.auth,
        payload: { ...current, updated_at: undefined, review_request_days: bad },
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json().errors.review_request_days).toBeDefined();
    }
    expect(await setDays("")).toBeNull();
  });

  it("sends one e-mail per delivered order N days after delivery, in its language, once, with two instances", async () => {
    await t.database.db.delete(orderEvents);
    await t.database.db.delete(orders);
    expect(await setDays(7)).toBe(7);
    const en = await deliveredOrder();
    const ar = await deliveredOrder({ lang: "ar", email: "rana@example.com", name: "رنا حداد" });
    // Not yet delivered, no e-mail address, delivered too long ago: none of them.
    await deliveredOrder({}, null);
    await deliveredOrder({ email: undefined });
    await deliveredOrder({}, at(-60));

    expect(await t.app.reviewRequestWorker!.runOnce(at(6.9))).toBe(0);
    // Two instances at once: each order is asked about by one of them.
    const [a, b] = await Promise.all([
      t.app.reviewRequestWorker!.runOnce(at(7.1)),
      t.app.reviewRequestWorker!.runOnce(at(7.1)),
    ]);
    expect(a + b).toBe(2);
    expect(await t.app.reviewRequestWorker!.runOnce(at(8))).toBe(0);

    const mails = await requests();
    expect(mails.map((m) => m.to).sort()).toEqual(["layla@example.com", "rana@example.com"]);
    const english = mails.find((m) => m.to === "layla@example.com")!;
    expect(english.subject).toContain(en.number);
    expect(english.text).toContain("Hello Layla,");
    expect(english.text).toContain("- Baklava");
    expect(english.text).toMatch(
      new RegExp(`https://shop\\.example\\.com/order/${en.number}\\?key=[\\w-]+#review`),
    );
    expect(english.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const arabic = mails.find((m) => m.to === "rana@example.com")!;
    expect(arabic.subject).toContain("كيف كانت حلوياتك؟");
    expect(arabic.text).toContain("- بقلاوة");
    expect(arabic.text).toContain(`https://shop.example.com/ar/order/${ar.number}?key=`);
    expect(arabic.html).toContain('dir="rtl"');
    expect(await t.database.db.select().from(reviewRequests)).toHaveLength(2);

    // The link opens the order page's review form: the key is the order's.
    const key = /\?key=([\w-]+)#review/.exec(english.text)![1]!;
    const reviewed = await t.app.inject({ url: `/api/orders/${en.number}/reviews?key=${key}` });
    expect(reviewed.statusCode).toBe(200);
  });

  it("a one-click stop asks that address no more; an unknown token changes nothing", async () => {
    const [mail] = (await requests()).filter((m) => m.to === "layla@example.com");
    const token = /token=([\w-]+)/.exec(mail!.text)![1]!;
    const bogus = await t.app.inject({
      method: "POST",
      url: "/api/review-requests/stop?token=nope",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(bogus.json()).toEqual({ data: { stopped: false } });
    const stop = await t.app.inject({
      method: "POST",
      url: `/api/review-requests/stop?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stop.json()).toEqual({ data: { stopped: true } });
    const page = await t.app.inject({
      url: `/api/review-requests/stop?token=${token}`,
      headers: { "accept-language": "ar" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("لن نطلب");
    expect(await t.database.db.select().from(reviewRequestStops)).toEqual([
      expect.objectContaining({ email: "layla@example.com" }),
    ]);
    // Layla's next delivered order is not asked about; Rana's is.
    await deliveredOrder({}, at(1));
    await deliveredOrder({ lang: "ar", email: "Rana@Example.com" }, at(1));
    expect(await t.app.reviewRequestWorker!.runOnce(at(9))).toBe(1);
    expect((await requests()).filter((m) => m.to === "layla@example.com")).toHaveLength(1);
  });
});
