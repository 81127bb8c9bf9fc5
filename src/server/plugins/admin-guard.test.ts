import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "../../shared/domain/two-factor-messages.ts";
import { settings } from "../db/schema/settings.ts";
import { OPEN_DURING_SETUP } from "../modules/two-factor/routes.ts";
import { POLICY_KEY } from "../modules/two-factor/service.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createUserWithToken } from "../test/fixtures.ts";

/**
 * Every admin action passes one guard (roles and the owner's two-factor rule), wherever its
 * path is. Walks the live route table, so a route added later is covered without editing this.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  // Neither admin has set up two-factor; the owner's rule requires it.
  owner = await createUserWithToken(t.app, { admin: true, roles: ["owner"] });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
  await t.database.db
    .insert(settings)
    .values({ key: POLICY_KEY, value: { required: true }, updatedAt: new Date() });
});
afterAll(() => t.close());

const routes = () => t.app.routeRoles().filter((route) => route.method !== "OPTIONS");
// Ids nobody has: a call that goes through ends in a 404 or 422, never changes a real record.
const concrete = (url: string) => url.replace(/:[^/]+/g, "999999999").replace(/\*/g, "x");

/** A fresh token per call: a route such as sign-out must not spend the next call's. */
async function call(method: string, url: string, user: { id: number }, kind: "admin" | "customer") {
  const { token } = await t.app.services.tokens.issue(user.id, kind);
  return t.app.inject({
    method: method as HTTPMethods,
    url: concrete(url),
    headers: { authorization: `Bearer ${token}` },
    ...(method === "GET" || method === "HEAD" ? {} : { payload: {} }),
  });
}

describe("the admin guard, from the live route table", () => {
  it("every route that declares admin roles, and every /api/admin route, is behind the guard", () => {
    const outside = routes()
      .filter((route) => route.roles !== undefined || route.url.startsWith("/api/admin"))
      .filter((route) => !route.guarded)
      .map((route) => `${route.method} ${route.url}`);
    expect(outside, "admin routes registered outside adminGuard").toEqual([]);
    // It did find them, the add-product dialog's create outside /api/admin among them.
    expect(routes().filter((route) => route.guarded).length).toBeGreaterThan(40);
    expect(routes()).toContainEqual(
      expect.objectContaining({ method: "POST", url: "/api/products", guarded: true }),
    );
  });

  it("with two-factor required, an admin without it gets nothing a customer does not: every route", async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      if (OPEN_DURING_SETUP.has(route.url)) continue;
      const asCustomer = await call(route.method, route.url, customer, "customer");
      const asAdmin = await call(route.method, route.url, owner, "admin");
      // A route that refuses a customer and lets this admin through is an admin action that
      // skipped the two-factor rule.
      if (asCustomer.statusCode === 403 && asAdmin.statusCode !== 403)
        wrong.push(`${route.method} ${route.url}: ${asAdmin.statusCode} for the admin`);
      if (route.guarded && route.method !== "HEAD" && asAdmin.statusCode === 403)
        expect(asAdmin.json().message, `${route.method} ${route.url}`).toBe(
          TWO_FACTOR_MESSAGES.REQUIRED_SETUP,
        );
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it("the outside probe: a catalogue admin without two-factor creates no product through POST /api/products", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...catalogue.auth, "content-type": "application/json" },
      payload: { name: "Probe", price: 10, category_id: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.REQUIRED_SETUP });
    // The same admin is refused on the /api/admin route too: one rule for both paths.
    const admin = await t.app.inject({ url: "/api/admin/products", headers: catalogue.auth });
    expect(admin.statusCode).toBe(403);
  });
});
