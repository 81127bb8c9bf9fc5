import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addCoupon } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const create = (payload: Body, base = "copouns") =>
  t.app.inject({ method: "POST", url: `/api/admin/${base}`, headers: admin.auth, payload });
const update = (id: number | string, payload: Body, base = "copouns") =>
  t.app.inject({ method: "PUT", url: `/api/admin/${base}/${id}`, headers: admin.auth, payload });
const remove = (id: number | string, base = "copouns") =>
  t.app.inject({ method: "DELETE", url: `/api/admin/${base}/${id}`, headers: admin.auth });
const list = (query = "", base = "copouns") =>
  t.app.inject({ url: `/api/admin/${base}${query}`, headers: admin.auth });

const today = () => businessDate(new Date());

describe("admin coupons", () => {
  it("creates a coupon that the promotion box accepts at once, and records it", async () => {
    const res = await create({
      code: "Spring15",
      discount_percent: "15",
      max_uses: "",
      expire_at: "",
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      code: "Spring15",
      discount_percent: 15,
      max_uses: null,
      expire_at: null,
      applies_to: "all",
      uses: 0,
      expired: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const check = await t.app.inject({
      method: "POST",
      url: "/api/coupons/check",
      payload: { code: "spring15" },
    });
    expect(check.statusCode).toBe(200);
    const audit = (
      await t.app.inject({
        url: `/api/admin/audit?entity=coupon&entity_id=${data.id}`,
        headers: admin.auth,
      })
    ).json().data;
    expect(audit[0]).toMatchObject({ action: "create", actor: { id: admin.id } });
  });

  it("flags expired coupons (before today in Damascus; today's is still good) and carries uses", async () => {
    await addCoupon(t.database.db, {
      code: "OLD2024",
      percent: 25,
      maxUses: 50,
      uses: 7,
      expireAt: "2024-04-09",
    });
    await create({ code: "LASTDAY", discount_percent: 10, expire_at: today() });
    const rows = (await list("?per_page=100")).json().data as Array<{
      code: string;
      expired: boolean;
      uses: number;
      expire_at: string | null;
    }>;
    expect(rows.find((r) => r.code === "OLD2024")).toMatchObject({
      expired: true,
      uses: 7,
      expire_at: "2024-04-09",
    });
    expect(rows.find((r) => r.code === "LASTDAY")).toMatchObject({
      expired: false,
      expire_at: today(),
    });
  });

  it.each([
    [{ discount_percent: 10 }, "code", "Code is required"],
    [{ code: "  ", discount_percent: 10 }, "code", "Code is required"],
    [
      { code: "NO SPACES", discount_percent: 10 },
      "code",
      "The code may contain only letters, digits, dashes and underscores (at most 40).",
    ],
    [{ code: "P0" }, "discount_percent", "Discount percent must be between 1 and 100."],
    [
      { code: "P0", discount_percent: 0 },
      "discount_percent",
      "Discount percent must be between 1 and 100.",
    ],
    [
      { code: "P0", discount_percent: "101" },
      "discount_percent",
      "Discount percent must be between 1 and 100.",
    ],
    [
      { code: "P0", discount_percent: 12.5 },
      "discount_percent",
      "Discount percent must be between 1 and 100.",
    ],
    [
      { code: "P0", discount_percent: "ten" },
      "discount_percent",
      "Discount percent must be between 1 and 100.",
    ],
    [
      { code: "M0", discount_percent: 5, max_uses: 0 },
      "max_uses",
      "Max uses must be a positive integer.",
    ],
    [
      { code: "M0", discount_percent: 5, max_uses: "1.5" },
      "max_uses",
      "Max uses must be a positive integer.",
    ],
    [
      { code: "M0", discount_percent: 5, max_uses: -3 },
      "max_uses",
      "Max uses must be a positive integer.",
    ],
    [
      { code: "D0", discount_percent: 5, expire_at: "2025-02-30" },
      "expire_at",
      "The expiry date must be a valid date (YYYY-MM-DD).",
    ],
    [
      { code: "D0", discount_percent: 5, expire_at: "tomorrow" },
      "expire_at",
      "The expiry date must be a valid date (YYYY-MM-DD).",
    ],
  ])("refuses %j: 422 on %s", async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("keeps codes unique ignoring case, on create and on update", async () => {
    const res = await create({ code: "spring15", discount_percent: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "This code is already used by another coupon.",
      errors: { code: ["This code is already used by another coupon."] },
    });
    const other = (await create({ code: "OTHER", discount_percent: 5 })).json().data;
    expect((await update(other.id, { code: "SPRING15", discount_percent: 5 })).statusCode).toBe(
      422,
    );
    // Its own code in another case is fine.
    const self = await update(other.id, { code: "other", discount_percent: 6 });
    expect(self.statusCode).toBe(200);
    expect(self.json().data).toMatchObject({ code: "other", discount_percent: 6 });
  });

  it("updates under both spellings, refuses max uses below the uses so far, and records the change", async () => {
    const id = await addCoupon(t.database.db, { code: "USED5", percent: 10, maxUses: 10, uses: 5 });
    const res = await update(
      id,
      { code: "USED5", discount_percent: 20, max_uses: 8, expire_at: "2030-01-31" },
      "coupons",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      discount_percent: 20,
      max_uses: 8,
      uses: 5,
      expire_at: "2030-01-31",
    });
    const below = await update(id, { code: "USED5", discount_percent: 20, max_uses: 4 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.max_uses[0]).toMatch(
      /^Max uses cannot be lower than the uses so far/,
    );

    const audit = (
      await t.app.inject({
        url: `/api/admin/audit?entity=coupon&entity_id=${id}`,
        headers: admin.auth,
      })
    ).json().data;
    expect(audit).toHaveLength(1);
    expect(audit[0].changes).toEqual([
      { field: "discount_percent", before: 10, after: 20 },
      { field: "max_uses", before: 10, after: 8 },
      { field: "expire_at", before: null, after: "2030-01-31" },
    ]);
    expect((await update(999999, { code: "X", discount_percent: 5 })).statusCode).toBe(404);
  });

  it("searches by code, pages, and answers the same under /coupons", async () => {
    const found = (await list("?search=spr")).json();
    expect(found.data.map((c: { code: string }) => c.code)).toEqual(["Spring15"]);
    expect((await list("?search=spr", "coupons")).json()).toEqual(found);
    const page = (await list("?per_page=1&page=2")).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ page: 2, per_page: 1 });
    expect((await list("?page=0")).statusCode).toBe(400);
  });

  it("deletes a coupon: gone from the list and from the promotion box", async () => {
    const { data } = (await create({ code: "BYE", discount_percent: 5 })).json();
    const res = await remove(data.id, "coupons");
    expect(res.statusCode).toBe(200);
    expect((await list("?search=BYE")).json().data).toEqual([]);
    const check = await t.app.inject({
      method: "POST",
      url: "/api/coupons/check",
      payload: { code: "BYE" },
    });
    expect(check.statusCode).toBe(422);
    expect((await remove(data.id)).statusCode).toBe(404);
  });

  it.each(
    ["copouns", "coupons"].flatMap((base) => [
      ["GET", `/api/admin/${base}`],
      ["POST", `/api/admin/${base}`],
      ["GET", `/api/admin/${base}/1`],
      ["PUT", `/api/admin/${base}/1`],
      ["DELETE", `/api/admin/${base}/1`],
    ]),
  )("%s %s: 401 anonymous, 403 for a customer", async (method, url) => {
    const m = method as "GET";
    const payload =
      method === "POST" || method === "PUT" ? { code: "X", discount_percent: 5 } : undefined;
    expect((await t.app.inject({ method: m, url, payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: m, url, payload, headers: customer.auth })).statusCode,
    ).toBe(403);
  });
});
