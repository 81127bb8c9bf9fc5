import swagger from "@fastify/swagger";
import type { FastifyInstance, HTTPMethods } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { dropRequired, finishDocument, optionalKeys, type RouteFacts } from "./openapi-document.ts";

/**
 * The API described from the routes' own zod schemas, at /api/openapi.json, and a
 * readable page at /api/docs (this shop's own HTML: no CDN, the page's CSP nonce). Only /api
 * routes are listed. OpenAPI 3.1, completed by openapi-document.ts from what the
 * route table says (admin routes: registered under `withRoles`; customer routes:
 * `preHandler` or `onRequest: app.requireUser`; rate limits: `config.rateLimit`). Registered before the
 * routes (it collects them as they are added).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const facts = new Map<string, RouteFacts>();
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Sweets shop API",
          version: "1",
          description:
            "Errors are `{ message, errors }` (errors keyed by field, 422). Signed-in routes take `Authorization: Bearer <token>` from /api/auth/login; admin routes need an admin token from /api/auth/admin-login.",
          license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
        },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        if (!url.startsWith("/api/")) return { schema: { ...schema, hide: true }, url };
        // Fields the server takes missing are not required, whatever zod's JSON Schema says.
        for (const part of ["body", "querystring"] as const)
          dropRequired(schema?.[part], optionalKeys(input.schema?.[part]));
        const route = input.route;
        // A customer route asks for the token in preHandler, or in onRequest where the query's
        // rules must not answer a stranger first.
        const preHandlers = [route.preHandler ?? [], route.onRequest ?? []].flat();
        const config = (route.config ?? {}) as { roles?: readonly string[]; rateLimit?: unknown };
        const path = url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
        for (const method of [route.method].flat() as HTTPMethods[])
          facts.set(`${method} ${path}`, {
            roles: config.roles,
            customer: preHandlers.includes(app.requireUser),
            rateLimited: Boolean(config.rateLimit),
          });
        return { schema, url };
      },
      transformObject: (input) =>
        finishDocument({
          document: jsonSchemaTransformObject(input),
          facts,
          publicUrl: app.config.publicUrl,
        }),
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
