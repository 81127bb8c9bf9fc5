import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation = {
  tags?: string[];
  security?: unknown[];
  "x-admin"?: boolean;
  requestBody?: unknown;
};

describe("OpenAPI", () => {
  it("describes every /api route from its schemas, admin routes marked", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);

    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const toOpenApi = (url: string) => url.replace(/:([A-Za-z_]+)/g, "{$1}");
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith("/api/") &&
        !["HEAD", "OPTIONS"].includes(r.method) &&
        !["/api/openapi.json", "/api/docs"].includes(r.url) &&
        !r.url.includes("*"),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes)
      expect(documented, `${r.method} ${r.url}`).toContain(`${r.method} ${toOpenApi(r.url)}`);
    expect(Object.keys(doc.paths).some((p) => !p.startsWith("/api/"))).toBe(false);

    const login = doc.paths["/api/auth/login"]!.post!;
    expect(JSON.stringify(login.requestBody)).toContain("email");
    expect(login["x-admin"]).toBeUndefined();
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith("/api/admin/")) continue;
      for (const op of Object.values(ops)) {
        expect(op["x-admin"], path).toBe(true);
        expect(op.tags).toContain("admin");
        expect(op.security).toEqual([{ bearer: [] }]);
      }
    }
  });

  it("serves a readable page that loads it, with its own nonce and no CDN", async () => {
    const res = await t.app.inject({ url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
      String(res.headers["content-security-policy"]),
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain('fetch("/api/openapi.json")');
    expect(res.body).not.toMatch(/https?:\/\//);
  });
});
