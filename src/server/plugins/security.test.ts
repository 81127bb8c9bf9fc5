import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { securityHeaders } from "./security.ts";

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy (TRUST_PROXY) the scheme comes from X-Forwarded-Proto.
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => t.close());

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  ) as Record<string, string[]>;

describe("security headers", () => {
  it("a Content-Security-Policy whose scripts need a fresh nonce and never 'unsafe-inline'", async () => {
    const first = await t.app.inject({ method: "GET", url: "/healthz" });
    const second = await t.app.inject({ method: "GET", url: "/healthz" });
    const a = directives(String(first.headers["content-security-policy"]));
    const b = directives(String(second.headers["content-security-policy"]));
    expect(a["script-src"]).toContain("'self'");
    expect(a["script-src"]).not.toContain("'unsafe-inline'");
    expect(a["script-src"]).not.toContain("'unsafe-eval'");
    const nonceA = a["script-src"]!.find((v) => v.startsWith("'nonce-"));
    const nonceB = b["script-src"]!.find((v) => v.startsWith("'nonce-"));
    expect(nonceA).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(nonceA).not.toBe(nonceB);
    expect(a["frame-ancestors"]).toEqual(["'none'"]);
    expect(a["object-src"]).toEqual(["'none'"]);
    expect(a["default-src"]).toEqual(["'self'"]);
  });

  it("every response's nonce is new, also past the 256 that one draw of random bytes gives", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const res = await t.app.inject({ method: "GET", url: "/api/categories" });
      const nonce = directives(String(res.headers["content-security-policy"]))["script-src"]!.find(
        (v) => v.startsWith("'nonce-"),
      );
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(600);
  });

  it("nosniff, a Referrer-Policy and no framing on API answers too", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("helmet's whole set on every answer: a page-less 200, a 404 and a refused request", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/categories" }),
      t.app.inject({ method: "GET", url: "/api/products/999999" }),
      t.app.inject({ method: "GET", url: "/api/account" }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        "cross-origin-opener-policy": "same-origin",
        "cross-origin-resource-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "strict-origin-when-cross-origin",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "SAMEORIGIN",
        "x-permitted-cross-domain-policies": "none",
        "x-xss-protection": "0",
      });
      expect(String(res.headers["content-security-policy"])).toMatch(
        /^default-src 'self';script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==?';style-src /,
      );
    }
  });

  it("helmet's headers are computed once, the CSP split where each response's nonce goes", () => {
    const headers = securityHeaders(false);
    expect(headers.fixed.map(([name]) => name)).not.toContain("content-security-policy");
    expect(headers.fixed).toContainEqual(["x-content-type-options", "nosniff"]);
    expect(headers.cspBeforeNonce).toBe("default-src 'self';script-src 'self' 'nonce-");
    expect(headers.cspAfterNonce).toMatch(/^';style-src 'self' 'unsafe-inline';/);
    expect(headers.cspAfterNonce).toContain("connect-src 'self';");
    expect(securityHeaders(true).cspAfterNonce).toContain("connect-src 'self' ws: wss:;");
  });

  it("HSTS only on HTTPS: absent over plain HTTP, present when the proxy says https", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const secure = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=15552000; includeSubDomains");
  });

  it("without TRUST_PROXY a forged X-Forwarded-Proto does not switch HSTS on", async () => {
    const direct = await createTestApp();
    try {
      const res = await direct.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe("bad input is a clear 4xx, never a 500", () => {
  it.each([["/api/auth/register"], ["/api/auth/login"], ["/api/auth/admin-login"]])(
    "%s: an oversized body is 413 with a message",
    async (url) => {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: { name: "x".repeat(300_000), email: "a@example.com", password: "secret1" },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: "The request is too large." });
    },
  );

  it.each([
    ["not json", "application/json", 400, "The request body is not valid JSON."],
    ["<email>a</email>", "application/xml", 415, "Unsupported content type."],
    ["[1,2]", "application/json", 422, undefined],
  ])("a body of %j as %s is %i", async (payload, type, status, message) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": type },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(message ?? expect.any(String));
  });
});
