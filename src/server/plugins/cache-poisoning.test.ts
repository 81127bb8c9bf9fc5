// Issue 26, "a cache nobody can poison": the outside probe's findings, each reproduced as
// reported. Pages (canonical, og:image) and the page cache are in html-cache.test.ts.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { allowedHosts, hostAllowed } from "../public-origin.ts";
import { createTestApp, openTestDatabase, type TestApp } from "../test/app.ts";
import { createUserWithToken } from "../test/fixtures.ts";
import { isPrivateApi, normalisedPath } from "./security.ts";

/** Everything that carries an absolute URL outside the pages. */
const LINKED = ["/robots.txt", "/sitemap.xml", "/api/kitchen/qr.svg"];

/** What a response says, body and headers, for "does the forged host appear anywhere". */
const said = (res: { body: string; headers: Record<string, unknown> }) =>
  res.body + JSON.stringify(res.headers);

describe("production behind a proxy (TRUST_PROXY=1) without PUBLIC_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production", TRUST_PROXY: "1" } });
  });
  afterAll(() => t?.close());

  it("X-Forwarded-Host: evil.example is refused and never reaches a later visitor", async () => {
    for (const url of LINKED) {
      const forged = await t.app.inject({
        url,
        headers: { host: "localhost:3000", "x-forwarded-host": "evil.example" },
      });
      expect(forged.statusCode, url).toBe(421);
      expect(said(forged), url).not.toContain("evil.example");
      const later = await t.app.inject({ url, headers: { host: "localhost:3000" } });
      expect(later.statusCode, url).toBe(200);
      expect(said(later), url).not.toContain("evil.example");
    }
    const qr = await t.app.inject({
      url: "/api/kitchen/qr.svg",
      headers: { host: "localhost:3000" },
    });
    expect(qr.headers["x-qr-target"]).toBe("http://localhost:3000/our-kitchen");
  });

  it.each([
    ["127.0.0.2:3000"],
    ["127.0.0.1:4000"],
    ["localhost:1"],
    ["localhost.evil"],
    ["localhost.evil:3000"],
    ["evil.example"],
    ["0.0.0.0:3000"],
  ])(
    "a loopback-looking or foreign host %s decides nothing: 421, Host or forwarded",
    async (host) => {
      for (const headers of [{ host }, { host: "localhost:3000", "x-forwarded-host": host }]) {
        for (const url of LINKED) {
          const res = await t.app.inject({ url, headers });
          expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(421);
          expect(said(res)).not.toContain(host);
        }
      }
    },
  );

  it("a malformed X-Forwarded-Host is a 400 like a malformed Host", async () => {
    for (const forwarded of ["a b", "x@y", "evil.example/path", "%"]) {
      const res = await t.app.inject({
        url: "/robots.txt",
        headers: { host: "localhost:3000", "x-forwarded-host": forwarded },
      });
      expect(res.statusCode, forwarded).toBe(400);
    }
  });

  it("the machine's own names on the listen port are served; the scheme is http or https only", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST:3000"]) {
      const res = await t.app.inject({ url: "/robots.txt", headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toContain(`Sitemap: http://${host.toLowerCase()}/sitemap.xml`);
    }
    const https = await t.app.inject({
      url: "/robots.txt",
      headers: { host: "localhost:3000", "x-forwarded-proto": "https" },
    });
    expect(https.body).toContain("Sitemap: https://localhost:3000/sitemap.xml");
    const odd = await t.app.inject({
      url: "/robots.txt",
      headers: { host: "localhost:3000", "x-forwarded-proto": "javascript" },
    });
    expect(odd.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(odd.body).not.toContain("javascript");
  });
});

describe("PORT=0 in production: the port the system gave is the listen port", () => {
  it("a request to that port is answered, with links on it", async () => {
    const t = await createTestApp({ env: { NODE_ENV: "production", PORT: "0" } });
    try {
      const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
      const res = await fetch(`${address}/robots.txt`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Sitemap: ${address}/sitemap.xml`);
    } finally {
      await t.close();
    }
  });
});

describe("ALLOWED_HOSTS: the public names a proxy forwards, when PUBLIC_URL is unset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: "production",
        TRUST_PROXY: "1",
        ALLOWED_HOSTS: "shop.example.com, www.shop.example.com",
      },
    });
  });
  afterAll(() => t?.close());

  it("a listed forwarded host makes the links; anything else is refused", async () => {
    const ok = await t.app.inject({
      url: "/robots.txt",
      headers: {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "www.shop.example.com",
        "x-forwarded-proto": "https",
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("Sitemap: https://www.shop.example.com/sitemap.xml");
    const forged = await t.app.inject({
      url: "/robots.txt",
      headers: { host: "shop.example.com", "x-forwarded-host": "evil.example" },
    });
    expect(forged.statusCode).toBe(421);
    // The list replaces the machine's own names: a proxy always sends one of the listed.
    const local = await t.app.inject({ url: "/robots.txt", headers: { host: "localhost:3000" } });
    expect(local.statusCode).toBe(421);
  });
});

describe("development and tests without ALLOWED_HOSTS answer any well-formed host", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t?.close());

  it("and the links follow it (the page cache keys on it: html-cache.test.ts)", async () => {
    const res = await t.app.inject({
      url: "/robots.txt",
      headers: { host: "192.168.1.20:3000", "x-forwarded-host": "shop.test" },
    });
    expect(res.body).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("the host rule", () => {
  const production = loadConfig({ NODE_ENV: "production", PORT: "8080", HOST: "10.0.0.5" });
  it.each([
    ["localhost", true],
    ["localhost:8080", true],
    ["127.0.0.1:8080", true],
    ["[::1]:8080", true],
    ["10.0.0.5:8080", true],
    ["LOCALHOST:8080", true],
    ["localhost:3000", false],
    ["127.0.0.2:8080", false],
    ["localhost.evil:8080", false],
    ["evil.example", false],
    ["a b", false],
    ["", false],
  ])("production, PORT 8080, HOST 10.0.0.5: %s allowed %s", (host, expected) => {
    expect(hostAllowed(host, production)).toBe(expected);
  });

  it("ALLOWED_HOSTS replaces the default list; development without it takes any valid host", () => {
    const listed = loadConfig({ NODE_ENV: "production", ALLOWED_HOSTS: "Shop.Example.com" });
    expect([...(allowedHosts(listed) ?? [])]).toEqual(["shop.example.com"]);
    expect(hostAllowed("SHOP.example.com", listed)).toBe(true);
    expect(hostAllowed("localhost:3000", listed)).toBe(false);
    const dev = loadConfig({ NODE_ENV: "development" });
    expect(allowedHosts(dev)).toBeNull();
    expect(hostAllowed("phone.lan:3000", dev)).toBe(true);
    expect(hostAllowed("a/b", dev)).toBe(false);
    expect(() => loadConfig({ ALLOWED_HOSTS: "shop.example.com,a b" })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe("production without PUBLIC_URL warns at start", () => {
  it.each([
    [{ NODE_ENV: "production" }, true],
    [{ NODE_ENV: "production", PUBLIC_URL: "https://shop.example.com" }, false],
    [{ NODE_ENV: "development" }, false],
  ])("%j warns: %s", async (env, warns) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({ DATA_DIR: "/tmp/shop-test-warn", LOG_LEVEL: "warn", ...env });
    const app = await buildApp({
      config,
      database,
      web: "none",
      logger: { level: "warn", stream },
    });
    try {
      await app.ready();
      const warning = lines.find((line) => line.includes("PUBLIC_URL is unset"));
      expect(Boolean(warning)).toBe(warns);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});

describe("private API answers are no-store whatever the spelling, and still need a token", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUserWithToken>>;
  let customer: Awaited<ReturnType<typeof createUserWithToken>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUserWithToken(t.app, { admin: true });
    customer = await createUserWithToken(t.app);
  });
  afterAll(() => t?.close());

  const spellings = [
    "/api/admin/settings",
    "/api/%61dmin/settings",
    "/api/%61%64%6d%69%6e/settings",
    "/api/%2561dmin/settings",
    "/api/admin/%73ettings",
    "/api/admin/../admin/settings",
    "/api/admin/./settings",
    "/api/x/../admin/settings",
    "/api/admin/%2e%2e/admin/settings",
    "/api//admin/settings",
    "//api/admin/settings",
    "/api/admin//settings",
    "/API/ADMIN/settings",
    "/api/Admin/settings",
    "/api/admin/settings/",
    "/api/admin/settings?x=1",
    "/api/admin\\settings",
    "/api/%61ccount",
    "/api/ACCOUNT",
    "/api/%6frders",
    "/api/auth/%6de",
  ];

  it.each(spellings)(
    "%s: no-store without a token, as a customer and as the owner",
    async (url) => {
      const anonymous = await t.app.inject({ url });
      const asCustomer = await t.app.inject({ url, headers: customer.auth });
      const asOwner = await t.app.inject({ url, headers: admin.auth });
      for (const res of [anonymous, asCustomer, asOwner]) {
        expect(res.headers["cache-control"], `${url} ${res.statusCode}`).toBe("no-store");
      }
      // Never the owner's data without the owner's token, nor an account's without one.
      if (/dmin|%61%64/i.test(url)) {
        for (const res of [anonymous, asCustomer]) {
          expect([401, 403, 404], `${url} ${res.statusCode}`).toContain(res.statusCode);
        }
      }
      expect(anonymous.statusCode, url).not.toBe(200);
    },
  );

  it("the owner's settings answer through the encoded spelling too, and only with the token", async () => {
    const plain = await t.app.inject({ url: "/api/admin/settings", headers: admin.auth });
    const encoded = await t.app.inject({ url: "/api/%61dmin/settings", headers: admin.auth });
    expect(encoded.statusCode).toBe(plain.statusCode);
    expect([401, 403, 404]).not.toContain(encoded.statusCode);
    expect(encoded.headers["cache-control"]).toBe("no-store");
    expect((await t.app.inject({ url: "/api/%61dmin/settings" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/%61dmin/settings", headers: customer.auth })).statusCode,
    ).toBe(403);
  });

  it("public reads keep their caching", async () => {
    for (const url of ["/api/products", "/api/%70roducts", "/api/settings"]) {
      const res = await t.app.inject({ url });
      expect(res.headers["cache-control"], url).not.toBe("no-store");
    }
  });

  it.each([
    ["/api/%61dmin/settings", "/api/admin/settings"],
    ["/api/%2561dmin/x", "/api/admin/x"],
    ["/api/admin/../admin//x", "/api/admin/x"],
    ["/a/./b/../../api\\ADMIN", "/api/admin"],
    ["/api/%zz/admin", "/api/%zz/admin"],
    ["/api/orders?key=1", "/api/orders"],
  ])("normalisedPath(%s) = %s", (url, path) => {
    expect(normalisedPath(url)).toBe(path);
  });

  it("a private route is private whatever the URL says", () => {
    expect(isPrivateApi("/whatever", "/api/admin/settings")).toBe(true);
    expect(isPrivateApi("/api/products", "/api/products")).toBe(false);
    expect(isPrivateApi("/api/adminx", undefined)).toBe(false);
  });
});
