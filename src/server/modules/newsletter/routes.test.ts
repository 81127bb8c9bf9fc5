import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/newsletter", payload: payload as object });
const countOf = async (email: string) => {
  const rows = await t.database.db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
  return rows.length;
};

describe("POST /api/newsletter", () => {
  it("stores a new address once and answers 201", async () => {
    const res = await subscribe({ email: "  reader@example.com ", lang: "ar" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { email: "reader@example.com", subscribed: true } });
    expect(await countOf("reader@example.com")).toBe(1);
  });

  it("a repeat, in any letter case, is a success and duplicates nothing", async () => {
    const res = await subscribe({ email: "Reader@Example.com" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscribed).toBe(true);
    expect(await countOf("reader@example.com")).toBe(1);
  });

  it.each([
    [{ email: "not-an-email" }, "Please enter a valid email address."],
    [{ email: "" }, "The email field is required."],
    [{}, "The email field is required."],
    [{ email: 42 }, "The email field is required."],
  ])("rejects %j with 422 and a clear message", async (payload, message) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { email: [message] } });
  });

  it("rejects a body that is not JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("rejects an oversized body with 413", async () => {
    const res = await subscribe({ email: `${"a".repeat(300_000)}@example.com` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("rate limit", () => {
  it("answers 429 with a message once an address subscribes too often", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/newsletter",
          payload: { email: `r${i}@example.com` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      const last = await limited.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "x@example.com" },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({
        message: "Too many requests. Please wait a minute and try again.",
      });
      expect(last.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
