import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app.ts";
import { createUserWithToken } from "./fixtures.ts";
import { conformanceTo } from "./openapi-conformance.ts";

/**
 * Issue 28: every operation of /api/openapi.json is called here at least once (the guard's
 * answers, an owner's read, an empty or unknown write) and each answer must be what the
 * document says. The API suites' own answers are checked the same way by createTestApp.
 */

type Operation = { security?: Array<Record<string, string[]>>; requestBody?: unknown };
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Doc;
let owner: { authorization: string };
let customer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as Doc;
  owner = (await createUserWithToken(t.app, { admin: true })).auth;
  customer = (await createUserWithToken(t.app)).auth;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
      path,
      // An id no record has: the answer is the route's 404 (or its 400 for a malformed one).
      url: path.replace(/\{[^}]+\}/g, "999999"),
      op,
    })),
  );

const secured = (op: Operation, scheme: string) =>
  (op.security ?? []).some((requirement) => scheme in requirement) &&
  !(op.security ?? []).some((requirement) => Object.keys(requirement).length === 0);

describe("the API document against the live routes", () => {
  it("refuses every secured operation without a token (401) and admin ones to a customer (403)", async () => {
    for (const { method, url, op, path } of operations()) {
      if (!secured(op, "admin") && !secured(op, "customer")) continue;
      const anonymous = await t.app.inject({ method, url });
      // A customer route checks the token before its handler but after the body's
      // validation (preHandler): a missing body is a 422 first.
      const expected = op.requestBody && !secured(op, "admin") ? [401, 422] : [401];
      expect(expected, `${method} ${path}`).toContain(anonymous.statusCode);
      expect(anonymous.json().message, `${method} ${path}`).toBeTruthy();
      if (secured(op, "admin")) {
        const res = await t.app.inject({ method, url, headers: customer });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("answers every operation as documented: reads, and writes of nothing or of no record", async () => {
    for (const { method, url, op, path } of operations()) {
      const headers = secured(op, "admin") ? owner : secured(op, "customer") ? customer : {};
      // Signing out would end the customer's token for the operations after it.
      if (path === "/api/auth/logout") continue;
      const res =
        method === "GET"
          ? await t.app.inject({ method, url, headers })
          : await t.app.inject({ method, url, headers, payload: {} });
      expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: customer,
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe("");
  });

  it("saw every operation, and every answer was one the document describes", () => {
    const seen = new Set([...t.conformance.seen].map((entry) => entry.replace(/ \d{3}$/, "")));
    const missing = operations()
      .map(({ method, path }) => `${method} ${path}`)
      .filter((key) => !seen.has(key));
    expect(missing).toEqual([]);
    expect(t.conformance.mismatches()).toEqual([]);
  });

  it("catches an answer the document does not describe", () => {
    const check = conformanceTo(doc);
    const answer = (statusCode: number, body: unknown) =>
      ({
        statusCode,
        body: JSON.stringify(body),
        rawPayload: Buffer.from(JSON.stringify(body)),
        headers: { "content-type": "application/json; charset=utf-8" },
      }) as never;
    check.check("GET", "/api/products", answer(200, { data: [{ id: "one" }] }));
    check.check("GET", "/api/products", answer(418, { message: "I'm a teapot" }));
    expect(check.mismatches()).toEqual([
      expect.stringMatching(/^GET \/api\/products -> 200: body does not match/),
      expect.stringMatching(/^GET \/api\/products -> 418: status not documented/),
    ]);
  });
});
