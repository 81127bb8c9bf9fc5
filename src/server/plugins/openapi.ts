import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * Issue 14: the API described from the routes' own zod schemas, at /api/openapi.json, and a
 * readable page at /api/docs (this shop's own HTML: no CDN, the page's CSP nonce). Only /api
 * routes are listed; admin routes carry the "admin" tag, `x-admin: true` and bearer security.
 * Registered before the routes (it collects them as they are added).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "Sweets shop API",
          version: "1",
          description:
            "Errors are `{ message, errors }` (errors keyed by field, 422). Signed-in routes take `Authorization: Bearer <token>` from /api/auth/login; admin routes need an admin token from /api/auth/admin-login.",
        },
        components: {
          securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
        },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        if (!url.startsWith("/api/")) return { schema: { ...schema, hide: true }, url };
        const admin = url.startsWith("/api/admin/");
        const area = url.split("/")[admin ? 3 : 2] ?? "api";
        return {
          url,
          schema: {
            ...schema,
            tags: admin ? ["admin", `admin ${area}`] : [area],
            ...(admin ? { security: [{ bearer: [] }], "x-admin": true } : {}),
          },
        };
      },
    });

    app.get("/api/openapi.json", { schema: { hide: true } }, async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.swagger();
    });

    app.get("/api/docs", { schema: { hide: true } }, async (request, reply) => {
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
      return docsPage(request.cspNonce);
    });
  },
  { name: "openapi" },
);

function docsPage(nonce: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sweets shop API</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem;color:#222}
h2{margin-top:2rem;border-bottom:1px solid #ddd}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}
summary{cursor:pointer}code.m{display:inline-block;width:4.5rem;font-weight:700}
.admin{background:#7a1f1f;color:#fff;border-radius:4px;padding:0 .4rem;font-size:.8em;margin-inline-start:.5rem}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:13px}
</style></head>
<body><h1>Sweets shop API</h1><p id="intro">Loading <a href="/api/openapi.json">/api/openapi.json</a>…</p><main id="ops"></main>
<script nonce="${nonce}">
(async () => {
  const doc = await (await fetch("/api/openapi.json")).json();
  const el = (tag, props = {}, ...kids) => { const e = Object.assign(document.createElement(tag), props); e.append(...kids); return e; };
  document.getElementById("intro").textContent = doc.info.description;
  const groups = new Map();
  for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) {
    const tag = (op.tags || ["api"]).at(-1);
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag).push({ path, method, op });
  }
  const main = document.getElementById("ops");
  for (const [tag, ops] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    main.append(el("h2", { textContent: tag }));
    for (const { path, method, op } of ops) {
      const head = el("summary", {}, el("code", { className: "m", textContent: method.toUpperCase() }), el("code", { textContent: path }));
      if (op["x-admin"]) head.append(el("span", { className: "admin", textContent: "admin" }));
      const body = el("details", {}, head);
      const parts = { parameters: op.parameters, requestBody: op.requestBody, responses: op.responses };
      body.append(el("pre", { textContent: JSON.stringify(parts, null, 2) }));
      main.append(body);
    }
  }
})();
</script></body></html>`;
}
