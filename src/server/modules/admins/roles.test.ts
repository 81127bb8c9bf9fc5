import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_ROLES,
  ADMINS_MESSAGES,
  type AdminRole,
  AUDIT_ENTITY_ROLES,
  isAdminRole,
  rolesAllow,
} from "../../../shared/domain/admins.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";

let t: TestApp;
/** One admin per single role, and one left with none (a state the API never makes). */
let users: Record<AdminRole | "none", Awaited<ReturnType<typeof createUserWithToken>>>;

beforeAll(async () => {
  t = await createTestApp();
  users = {
    owner: await createUserWithToken(t.app, { admin: true, roles: ["owner"] }),
    orders: await createUserWithToken(t.app, { admin: true, roles: ["orders"] }),
    catalogue: await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] }),
    kitchen: await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] }),
    none: await createUserWithToken(t.app, { admin: true, roles: [] }),
  };
});
afterAll(() => t.close());

/** Every route behind the admin guard, from the live route table, with what it declares. */
function guardedRoutes() {
  return t.app
    .routeRoles()
    .filter(
      (route) =>
        route.method !== "OPTIONS" &&
        (route.url.startsWith("/api/admin") ||
          (route.method === "POST" && route.url === "/api/products")),
    );
}

/**
 * The history route checks the entity asked about too: ask each role for a record it edits
 * (the owner for the whole log).
 */
function urlFor(url: string, role: AdminRole | "none"): string {
  // Ids nobody has: an allowed call ends in a 404 or 422, never changes a real record.
  const concrete = url.replace(/:[^/]+/g, "999999999").replace(/\*/g, "x");
  if (url !== "/api/admin/audit" || role === "owner" || role === "none") return concrete;
  const entity = Object.entries(AUDIT_ENTITY_ROLES).find(([, roles]) => roles.includes(role));
  return entity ? `${concrete}?entity=${entity[0]}` : concrete;
}

const call = (method: string, url: string, auth: Record<string, string>) =>
  t.app.inject({
    method: method as HTTPMethods,
    url,
    headers: auth,
    ...(method === "GET" || method === "HEAD" ? {} : { payload: {} }),
  });

describe("every admin route declares the roles it needs (live route table)", () => {
  it("lists the admin routes, each with one or more known roles", () => {
    const routes = guardedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes
      .filter(
        (route) => !route.roles || route.roles.length === 0 || !route.roles.every(isAdminRole),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared, "admin routes without roles").toEqual([]);
  });

  it.each<[string, string, AdminRole[]]>([
    ["GET", "/api/admin/orders", ["orders"]],
    ["GET", "/api/admin/notifications", ["orders"]],
    ["GET", "/api/admin/contact-messages", ["orders"]],
    ["GET", "/api/admin/products", ["catalogue"]],
    ["POST", "/api/products", ["catalogue"]],
    ["GET", "/api/admin/copouns", ["catalogue"]],
    ["GET", "/api/admin/promotions", ["catalogue"]],
    ["GET", "/api/admin/campaigns", ["catalogue"]],
    ["PUT", "/api/admin/campaigns/:id", ["catalogue"]],
    ["GET", "/api/admin/campaigns/:id/preview", ["catalogue"]],
    ["GET", "/api/admin/content/faq", ["catalogue"]],
    ["PUT", "/api/admin/kitchen/:id", ["kitchen"]],
    ["GET", "/api/admin/settings", ["owner"]],
    ["GET", "/api/admin/dashboard", ["owner"]],
    ["GET", "/api/admin/shipping/zones", ["owner"]],
    ["GET", "/api/admin/admins", ["owner"]],
    ["GET", "/api/admin/me", [...ADMIN_ROLES]],
    ["PUT", "/api/admin/password", [...ADMIN_ROLES]],
  ])("%s %s is for %j", (method, url, roles) => {
    const route = guardedRoutes().find((r) => r.method === method && r.url === url);
    expect(route?.roles).toEqual(roles);
  });
});

describe("the role matrix, generated from the route table", () => {
  it("without one of its roles a call is 403 with a clear message; with one, never 403", async () => {
    const holders = ["owner", "orders", "catalogue", "kitchen", "none"] as const;
    const wrong: string[] = [];
    for (const route of guardedRoutes()) {
      for (const holder of holders) {
        const held = holder === "none" ? [] : [holder];
        const allowed = rolesAllow(held, route.roles);
        const res = await call(route.method, urlFor(route.url, holder), users[holder].auth);
        const name = `${route.method} ${route.url} as ${holder}`;
        if (allowed && res.statusCode === 403) wrong.push(`${name}: 403 with the role`);
        if (!allowed) {
          if (res.statusCode !== 403) wrong.push(`${name}: ${res.statusCode} without the role`);
          else if (route.method !== "HEAD" && res.json().message !== ADMINS_MESSAGES.FORBIDDEN_ROLE)
            wrong.push(`${name}: ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Five calls per route, ~100 routes: longer than one request's budget on a busy machine.
  }, 240_000);

  it("a packer (orders) reaches the desk and not the products; the answer says why", async () => {
    const desk = await call("GET", "/api/admin/orders", users.orders.auth);
    expect(desk.statusCode).toBe(200);
    const products = await call("GET", "/api/admin/products", users.orders.auth);
    expect(products.statusCode).toBe(403);
    expect(products.json()).toEqual({ message: ADMINS_MESSAGES.FORBIDDEN_ROLE });
  });

  it("a record's history is for the role that edits it; the whole log for owners", async () => {
    const asKitchen = (query: string) =>
      call("GET", `/api/admin/audit${query}`, users.kitchen.auth);
    expect((await asKitchen("?entity=dish")).statusCode).toBe(200);
    expect((await asKitchen("?entity=product")).statusCode).toBe(403);
    expect((await asKitchen("?entity=admin")).statusCode).toBe(403);
    expect((await asKitchen("")).statusCode).toBe(403);
    expect((await call("GET", "/api/admin/audit", users.owner.auth)).statusCode).toBe(200);
  });

  it("an unknown admin address stays a 404 for any admin", async () => {
    const res = await call("GET", "/api/admin/no-such-thing", users.kitchen.auth);
    expect(res.statusCode).toBe(404);
  });
});
