import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { SEED_FAQ, SEED_SECTIONS } from "./seed-data.ts";

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserWithToken(t.app, { admin: true })).auth;
  customer = (await createUserWithToken(t.app)).auth;
});
afterAll(() => t.close());

describe("public content", () => {
  it("serves SPEC's FAQ, seeded in both languages on first read", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/content/faq" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(SEED_FAQ.length);
    const delivery = data.find((i: { question_en: string }) => i.question_en.includes("delivery"));
    expect(delivery.answer_en).toContain("24–48 hours");
    expect(delivery.answer_en).toContain("5–10 business days");
    expect(delivery.answer_ar).toMatch(/[\u0600-\u06FF]/);
  });

  it("serves each policy page's sections in order", async () => {
    const refund = (
      await t.app.inject({ method: "GET", url: "/api/content/policies/refund" })
    ).json().data;
    expect(refund.map((s: { slug: string }) => s.slug)).toEqual(
      SEED_SECTIONS.filter((s) => s.page === "refund").map((s) => s.slug),
    );
    expect(JSON.stringify(refund)).toContain("7–21 business days");
    expect(JSON.stringify(refund)).toContain("final and non-refundable");
    const bad = await t.app.inject({ method: "GET", url: "/api/content/policies/cookies" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("admin content", () => {
  it.each([
    ["GET", "/api/admin/content/faq"],
    ["POST", "/api/admin/content/faq"],
    ["PUT", "/api/admin/content/faq/1"],
    ["DELETE", "/api/admin/content/faq/1"],
    ["GET", "/api/admin/content/policies"],
    ["PUT", "/api/admin/content/policies/1"],
  ] as const)("%s %s: 401 anonymous, 403 customer", async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method, url, headers: customer, payload: {} })).statusCode).toBe(
      403,
    );
  });

  it("creates, edits and deletes an FAQ item; the public read follows; each write is audited", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/content/faq",
      headers: admin,
      payload: {
        position: 5,
        question_en: "Do you make sugar-free sweets?",
        question_ar: "هل تصنعون حلويات بدون سكر؟",
        answer_en: "Ask us.",
        answer_ar: "",
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    let faq = (await t.app.inject({ method: "GET", url: "/api/content/faq" })).json().data;
    expect(faq[0].id).toBe(id);

    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/admin/content/faq/${id}`,
      headers: admin,
      payload: {
        position: 5,
        question_en: "Do you make sugar-free sweets?",
        question_ar: "هل تصنعون حلويات بدون سكر؟",
        answer_en: "Yes, on order.",
        answer_ar: "نعم، حسب الطلب.",
      },
    });
    expect(updated.statusCode).toBe(200);
    faq = (await t.app.inject({ method: "GET", url: "/api/content/faq" })).json().data;
    expect(faq[0].answer_ar).toBe("نعم، حسب الطلب.");

    const history = await t.app.inject({
      method: "GET",
      url: `/api/admin/audit?entity=faq_item&entity_id=${id}`,
      headers: admin,
    });
    const entries = history.json().data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(["update", "create"]);
    expect(entries[0].changes.map((c: { field: string }) => c.field).sort()).toEqual([
      "answer_ar",
      "answer_en",
    ]);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/content/faq/${id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    faq = (await t.app.inject({ method: "GET", url: "/api/content/faq" })).json().data;
    expect(faq.find((i: { id: number }) => i.id === id)).toBeUndefined();
  });

  it("rejects an FAQ item without its English texts, and unknown ids", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/content/faq",
      headers: admin,
      payload: { question_ar: "سؤال" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      question_en: ["The English question is required."],
      answer_en: ["The English answer is required."],
    });
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/admin/content/faq/999999",
      headers: admin,
      payload: { question_en: "q", answer_en: "a" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("edits a policy section's points; the page shows them; empty sections are refused", async () => {
    const all = (
      await t.app.inject({ method: "GET", url: "/api/admin/content/policies", headers: admin })
    ).json().data;
    const times = all.find(
      (s: { page: string; slug: string }) => s.page === "refund" && s.slug === "delivery-times",
    );
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/content/policies/${times.id}`,
      headers: admin,
      payload: {
        ...times,
        points_en: [
          "Domestic orders: 2–5 business days",
          " ",
          "International orders: 7–21 business days",
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.points_en).toEqual([
      "Domestic orders: 2–5 business days",
      "International orders: 7–21 business days",
    ]);
    const page = (await t.app.inject({ method: "GET", url: "/api/content/policies/refund" })).json()
      .data;
    expect(JSON.stringify(page)).toContain("2–5 business days");

    const empty = await t.app.inject({
      method: "PUT",
      url: `/api/admin/content/policies/${times.id}`,
      headers: admin,
      payload: { title_en: "Delivery", text_en: "", points_en: [] },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.text_en).toEqual(["Give the section a text or at least one point."]);
  });
});
