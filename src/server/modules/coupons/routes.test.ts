import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { coupons } from "../../db/schema/coupons.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { addCoupon } from "../orders/test-fixtures.ts";

let t: TestApp;
const today = businessDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await addCoupon(db, { code: "Save30", percent: 30, maxUses: 10, uses: 9 });
  await addCoupon(db, { code: "SAVE10", percent: 10 });
  await addCoupon(db, { code: "LASTDAY", percent: 25, expireAt: today });
  await addCoupon(db, { code: "OLD", percent: 25, expireAt: "2020-12-31" });
  await addCoupon(db, { code: "GONE", percent: 25, maxUses: 3, uses: 3 });
});
afterAll(() => t.close());

const check = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/coupons/check", payload: payload as object });

describe("POST /api/coupons/check", () => {
  it.each([
    ["a coupon larger than the standing 20%", { code: "save30" }, "SAVE30", 30, true],
    ["a coupon smaller than the standing 20%", { code: "SAVE10" }, "SAVE10", 10, false],
    ["a coupon on its last day (Asia/Damascus)", { code: " lastday " }, "LASTDAY", 25, true],
    ["a larger coupon on an empty cart", { code: "SAVE30", subtotal: 0 }, "SAVE30", 30, false],
    ["a larger coupon on a real subtotal", { code: "SAVE30", subtotal: 42.5 }, "SAVE30", 30, true],
  ])("accepts %s", async (_label, body, code, percent, applies) => {
    const res = await check(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { code, discount_percent: percent, applies, applies_to: "all" },
    });
  });

  it("does not spend a use", async () => {
    await check({ code: "SAVE30" });
    const rows = await t.database.db.select().from(coupons);
    expect(rows.find((c) => c.code === "Save30")!.uses).toBe(9);
  });

  it.each([
    ["unknown", "NOPE", "This promotion code is not known.", "رمز الخصم غير معروف."],
    ["expired", "old", "This promotion code has expired.", "انتهت صلاحية رمز الخصم."],
    [
      "used_up",
      "GONE",
      "This promotion code has been used up.",
      "تم استخدام رمز الخصم بالحد الأقصى المسموح.",
    ],
  ])("refuses a code that is %s with 422 and the reason", async (reason, code, message, arabic) => {
    const res = await check({ code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message,
      errors: { code: [message] },
      reason,
      message_ar: arabic,
    });
  });

  it.each([
    [{}, "code", "Please enter a promotion code."],
    [{ code: "  " }, "code", "Please enter a promotion code."],
    [{ code: "SAVE30", subtotal: -1 }, "subtotal", "The subtotal must be a positive amount."],
    [{ code: "SAVE30", subtotal: "ten" }, "subtotal", "The subtotal must be a positive amount."],
  ])("answers 422 to %j", async (body, field, message) => {
    const res = await check(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe("demo coupons", () => {
  it("seeds one active 10%, one active 30% and one expired coupon, idempotently", async () => {
    await t.app.services.coupons.seedDemo();
    await t.app.services.coupons.seedDemo();
    const results = await Promise.all(
      ["WELCOME10", "FEAST30", "RAMADAN2024"].map(async (code) => (await check({ code })).json()),
    );
    expect(results[0].data).toMatchObject({ discount_percent: 10 });
    expect(results[1].data).toMatchObject({ discount_percent: 30, applies: true });
    expect(results[2]).toMatchObject({ reason: "expired" });
    const rows = await t.database.db.select().from(coupons);
    expect(rows.filter((c) => c.code === "WELCOME10")).toHaveLength(1);
  });
});
