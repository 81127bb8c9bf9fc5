import { eq } from "drizzle-orm";
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema/accounts.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createUserWithToken } from "../test/fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every admin route Fastify knows, as registered: a new one is checked without editing this file. */
function adminRoutes() {
  return t.app.routeTable
    .filter((route) => route.url.startsWith("/api/admin") && route.method !== "OPTIONS")
    .map((route) => ({
      method: route.method as HTTPMethods,
      // Any value will do for params: the guard must answer before a handler looks at them.
      url: route.url.replace(/:[^/]+/g, "1").replace(/\*/g, "x"),
    }));
}

const call = (route: { method: HTTPMethods; url: string }, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method,
    url: route.url,
    headers,
    ...(route.method === "GET" || route.method === "HEAD" ? {} : { payload: {} }),
  });

describe("the route table the guard walk relies on", () => {
  it("lists routes registered inside nested plugins, exactly as Fastify routes them", () => {
    const table = t.app.routeTable;
    expect(table).toContainEqual({
      method: "POST",
      url: "/api/auth/login",
      bodyFields: ["email", "password"],
    });
    expect(table).toContainEqual({ method: "GET", url: "/api/account", bodyFields: [] });
    for (const route of table) {
      expect(t.app.hasRoute({ method: route.method as HTTPMethods, url: route.url })).toBe(true);
    }
  });
});

describe("every /api/admin/* route requires an admin token", () => {
  it("401 without a token or with a made-up one, 403 with a customer's", async () => {
    const customer = await createUserWithToken(t.app);
    for (const route of adminRoutes()) {
      const anonymous = await call(route, {});
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const madeUp = await call(route, { authorization: "Bearer not-a-real-token" });
      expect(madeUp.statusCode, `${route.method} ${route.url} made-up`).toBe(401);
      const asCustomer = await call(route, customer.auth);
      expect(asCustomer.statusCode, `${route.method} ${route.url} customer`).toBe(403);
      if (route.method !== "HEAD") {
        expect(anonymous.json()).toEqual({ message: "Unauthenticated." });
        expect(asCustomer.json()).toEqual({ message: "This action is for admins only." });
      }
    }
  });

  it("401 with an expired or a revoked admin token", async () => {
    const admin = await createUserWithToken(t.app, { admin: true });
    const expired = await t.app.services.tokens.issue(
      admin.id,
      "admin",
      new Date(Date.now() - 13 * 60 * 60 * 1000),
    );
    const revoked = await t.app.services.tokens.issue(admin.id, "admin");
    const session = await t.app.services.tokens.verify(revoked.token);
    await t.app.services.tokens.revoke(session!.tokenId);
    for (const route of adminRoutes()) {
      for (const token of [expired.token, revoked.token]) {
        const res = await call(route, { authorization: `Bearer ${token}` });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
    // The same tokens, checked directly: the guard's source of truth.
    expect(await t.app.services.tokens.verify(expired.token)).toBeNull();
    expect(await t.app.services.tokens.verify(revoked.token)).toBeNull();
    expect(await t.app.services.tokens.verify(admin.token)).not.toBeNull();
  });

  it("403 for an admin-kind token once the user is no longer an admin", async () => {
    const former = await createUserWithToken(t.app, { admin: true });
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, former.id));
    const session = await t.app.services.tokens.verify(former.token);
    expect(session?.user.isAdmin).toBe(false);
    for (const route of adminRoutes()) {
      expect((await call(route, former.auth)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe("token lifetimes", () => {
  it("an admin token lasts 12 hours and a customer's 30 days", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const user = await createUserWithToken(t.app);
    const admin = await t.app.services.tokens.issue(user.id, "admin", now);
    const customer = await t.app.services.tokens.issue(user.id, "customer", now);
    expect(admin.expiresAt.toISOString()).toBe("2026-01-01T12:00:00.000Z");
    expect(customer.expiresAt.toISOString()).toBe("2026-01-31T00:00:00.000Z");
    // 256 random bits, base64url.
    expect(admin.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(admin.token).not.toBe(customer.token);
  });
});
