import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /healthz", () => {
  it("is 200 { status: ok } while the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
});

describe("unknown API paths", () => {
  it.each(["/api/nope", "/api/admin/../nope", "/api/products-nope/1"])(
    "%s is a JSON 404 with SPEC's message, the path not echoed",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url: `${url}?q=<b>x</b>` });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: "Not found." });
    },
  );

  it("an unknown admin path without a token is still refused before anything else", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/nope" });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("GET /healthz when the database is gone", () => {
  it("is 503", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "unavailable", message: expect.any(String) });
    await other.app.close();
  });
});
