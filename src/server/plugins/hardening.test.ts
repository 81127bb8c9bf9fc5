import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_NOT_ALLOWED } from "../../shared/schemas/fields.ts";
import { addProduct } from "../modules/orders/test-fixtures.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createUserWithToken } from "../test/fixtures.ts";
import { forbiddenTextPaths } from "./errors.ts";

/** Issue 14: outside-in probe findings, each reproduced here as it was reported. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = (value: unknown) => ({
  headers: { "content-type": "application/json" },
  payload: JSON.stringify(value),
});

describe("1. a malformed Host header is a 400, never a 500", () => {
  it.each([["a b"], ["[::1"], ["%"], ["localhost:abc"], ["127.0.0.1:99999"], ["a/b"], ["x@y"]])(
    "Host: %s",
    async (host) => {
      for (const url of ["/", "/api/products", "/robots.txt"]) {
        const res = await t.app.inject({ method: "GET", url, headers: { host } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: "The Host header is not valid." });
      }
    },
  );

  it.each([
    ["localhost"],
    ["127.0.0.1:3000"],
    ["[::1]:8080"],
    ["shop.example.com"],
    ["xn--mgbh0fb.example"],
  ])("Host: %s is fine", async (host) => {
    const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { host } });
    expect(res.statusCode).toBe(200);
  });
});

describe("2. NUL bytes and lone surrogates in text fields are a 422 keyed by the field", () => {
  const bad = ["a\u0000b", "\ud800", "x\udc00y"];
  let customer: Awaited<ReturnType<typeof createUserWithToken>>;
  let productId: number;
  beforeAll(async () => {
    customer = await createUserWithToken(t.app);
    productId = await addProduct(t.database.db, { options: [{ grams: 500 }] });
  });

  const order = (name: string) => ({
    name,
    phone: "+963 11 123 4567",
    country: "SY",
    city: "Damascus",
    address: "Street 1",
    payment_method: "cod",
    lines: [{ productId, grams: 500, qty: 1 }],
  });

  const cases: Array<[string, string, string, (v: string) => unknown, boolean?]> = [
    ["POST", "/api/auth/login", "email", (v) => ({ email: `a${v}`, password: "whatever1" })],
    ["POST", "/api/auth/login", "password", (v) => ({ email: "a@b.co", password: `whatever${v}` })],
    ["POST", "/api/auth/admin-login", "email", (v) => ({ email: `a${v}`, password: "whatever1" })],
    [
      "POST",
      "/api/auth/register",
      "name",
      (v) => ({
        name: v,
        email: "new@example.com",
        password: "secret12",
        password_confirmation: "secret12",
      }),
    ],
    ["POST", "/api/coupons/check", "code", (v) => ({ code: `C${v}` })],
    ["POST", "/api/newsletter", "email", (v) => ({ email: `a${v}@example.com` })],
    ["POST", "/api/orders", "name", (v) => order(v)],
    ["POST", "/api/orders", "address", (v) => ({ ...order("Ann"), address: v })],
    ["PUT", "/api/account", "name", (v) => ({ name: v, email: "me@example.com" }), true],
    [
      "PUT",
      "/api/account",
      "location",
      (v) => ({ name: "Me", email: "me@example.com", location: v }),
      true,
    ],
  ];

  it.each(cases)("%s %s: %s", async (method, url, field, body, signedIn) => {
    for (const value of bad) {
      const res = await t.app.inject({
        method: method as "POST" | "PUT",
        url,
        ...json(body(value)),
        headers: {
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
          ...(signedIn ? customer.auth : {}),
        },
      });
      expect(res.statusCode, JSON.stringify(value)).toBe(422);
      expect(res.json().errors[field]).toEqual([TEXT_NOT_ALLOWED]);
    }
  });

  it("a nested field is keyed by its path; a query string is cleaned, a path param is a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      payload: JSON.stringify({
        ...order("Ann"),
        lines: [{ productId: "1\u0000", grams: 1, qty: 1 }],
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["lines.0.productId"]).toEqual([TEXT_NOT_ALLOWED]);
    const search = await t.app.inject({
      method: "GET",
      url: `/api/products?search=a%00b&category=${encodeURIComponent("x")}%ED%A0%80`,
    });
    expect(search.statusCode).toBe(200);
    const param = await t.app.inject({ method: "GET", url: "/api/orders/A-1%00" });
    expect(param.statusCode).toBe(400);
    expect(param.json().errors.number).toEqual([TEXT_NOT_ALLOWED]);
  });

  it("flat params and bodies (the fast path) are judged like nested ones", () => {
    expect(forbiddenTextPaths(undefined)).toEqual([]);
    expect(forbiddenTextPaths({ id: "3", page: 2, ok: true, none: null })).toEqual([]);
    expect(forbiddenTextPaths({ id: "3", name: "a\u0000" })).toEqual(["name"]);
    expect(forbiddenTextPaths({ name: "\ud800x" })).toEqual(["name"]);
    expect(forbiddenTextPaths({ "a\u0000": "x" })).toEqual(["_"]);
    expect(forbiddenTextPaths(Object.assign(Object.create(null), { q: "a\u0000" }))).toEqual(["q"]);
    expect(forbiddenTextPaths({ id: "3", nested: { name: "a\u0000" } })).toEqual(["nested.name"]);
    expect(forbiddenTextPaths(Buffer.from("a\u0000"))).toEqual([]);
  });
});

describe("8. every error answers the shop's { message, errors } shape", () => {
  it("GET /api/products/%zz is a 400 that does not echo the URL", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products/%zz" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The address is not valid." });
  });

  it("a 5xx carries the request id that the log line carries", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.headers["x-request-id"]).toMatch(/^[A-Za-z0-9-]+$/);
  });
});

describe("9. private answers are never cached", () => {
  it("/api/account, /api/admin/*, an order read by its key: Cache-Control no-store", async () => {
    const customer = await createUserWithToken(t.app);
    const admin = await createUserWithToken(t.app, { admin: true });
    const productId = await addProduct(t.database.db, { options: [{ grams: 500 }] });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": crypto.randomUUID() },
      payload: {
        name: "Ann",
        phone: "+963 11 123 4567",
        country: "SY",
        city: "Damascus",
        address: "Street 1",
        payment_method: "cod",
        lines: [{ productId, grams: 500, qty: 1 }],
      },
    });
    expect(placed.statusCode).toBe(201);
    const { number, access_key } = placed.json().data;
    expect(placed.headers["cache-control"]).toBe("no-store");
    const reads = [
      await t.app.inject({ method: "GET", url: "/api/account", headers: customer.auth }),
      await t.app.inject({ method: "GET", url: "/api/account" }),
      await t.app.inject({ method: "GET", url: "/api/admin/orders", headers: admin.auth }),
      await t.app.inject({ method: "GET", url: "/api/admin/orders" }),
      await t.app.inject({ method: "GET", url: `/api/orders/${number}?key=${access_key}` }),
      await t.app.inject({ method: "GET", url: "/api/orders", headers: customer.auth }),
    ];
    expect(reads.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 401, 200, 401, 200]);
    for (const res of reads) expect(res.headers["cache-control"]).toBe("no-store");
    // A public read keeps whatever caching it had.
    const pub = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(pub.headers["cache-control"]).not.toBe("no-store");
  });
});

describe("7. in production, without PUBLIC_URL, only the machine's own names are answered", () => {
  it("a forged Host is refused; localhost and 127.0.0.1 are served", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      const forged = await prod.app.inject({
        method: "GET",
        url: "/robots.txt",
        headers: { host: "evil.example" },
      });
      expect(forged.statusCode).toBe(421);
      expect(forged.json().message).toMatch(/PUBLIC_URL/);
      expect(forged.body).not.toContain("evil.example");
      for (const host of ["localhost:3000", "127.0.0.1", "[::1]:3000"]) {
        const ok = await prod.app.inject({ method: "GET", url: "/robots.txt", headers: { host } });
        expect(ok.statusCode, host).toBe(200);
      }
      // Load balancers probe by address: the health check answers any well-formed host.
      const health = await prod.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { host: "10.0.0.5:3000" },
      });
      expect(health.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it("with PUBLIC_URL the links come from it, whatever the Host says", async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" },
    });
    try {
      const res = await prod.app.inject({
        method: "GET",
        url: "/robots.txt",
        headers: { host: "evil.example" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("https://shop.example.com/sitemap.xml");
      expect(res.body).not.toContain("evil.example");
    } finally {
      await prod.close();
    }
  });
});
