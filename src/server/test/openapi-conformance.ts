import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

/**
 * The API document cannot drift. createTestApp (app.ts) watches every `app.inject`
 * of every API suite: each answer of a documented /api operation must be a documented status
 * with a documented content type, and a JSON body must match the documented schema. A file
 * whose answers disagree with /api/openapi.json fails when its app closes, naming each one.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON.
type Json = any;

type Operation = { method: string; path: string; pattern: RegExp; params: number; op: Json };

export type Conformance = {
  /** `METHOD /path/{param} -> status: what is wrong`, one per distinct problem. */
  mismatches(): string[];
  /** `METHOD /path/{param} status` of every answer checked. */
  seen: Set<string>;
  /** Checks one answer (the watcher calls it for every inject). */
  check(method: string, url: string, res: LightMyRequestResponse): void;
};

const JSON_TYPE = /^application\/(.+\+)?json$/;

/** Builds a checker for one document (schemas compiled once each, on first use). */
export function conformanceTo(document: Json): Conformance {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
  ajv.addSchema(document, "openapi");
  const validators = new Map<string, ValidateFunction>();
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    const pattern = new RegExp(
      `^${path
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
        .join("[^/]+")}/?$`,
    );
    const params = (path.match(/\{/g) ?? []).length;
    for (const [method, op] of Object.entries<Json>(item))
      operations.push({ method: method.toUpperCase(), path, pattern, params, op });
  }
  // A static segment wins over a parameter, as in the router (/orders.csv before /orders/{id}).
  operations.sort((a, b) => a.params - b.params);

  const problems = new Set<string>();
  const seen = new Set<string>();
  const pointer = (...parts: string[]) =>
    `openapi#/${parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;

  return {
    mismatches: () => [...problems],
    seen,
    check(method, url, res) {
      const upper = method.toUpperCase();
      if (upper === "HEAD" || upper === "OPTIONS") return;
      const path = new URL(url, "http://shop.test").pathname;
      if (!path.startsWith("/api/")) return;
      const found = operations.find((o) => o.method === upper && o.pattern.test(path));
      // Not a documented operation (the document itself, /api/docs, an unknown address).
      if (!found) return;
      const status = String(res.statusCode);
      const where = `${upper} ${found.path} -> ${status}`;
      seen.add(`${upper} ${found.path} ${status}`);

      const responses = found.op.responses ?? {};
      const key = [status, `${status[0]}XX`, "default"].find((k) => responses[k]);
      if (!key) {
        problems.add(`${where}: status not documented (body ${res.body.slice(0, 120)})`);
        return;
      }
      let base = ["paths", found.path, found.method.toLowerCase(), "responses", key];
      let response = responses[key];
      const ref = /^#\/components\/responses\/(.+)$/.exec(response.$ref ?? "");
      if (ref) {
        base = ["components", "responses", ref[1]!];
        response = document.components.responses[ref[1]!];
      }
      const content: Record<string, Json> = response.content ?? {};
      const body = res.rawPayload;
      if (res.statusCode === 204 || res.statusCode === 304 || body.length === 0) {
        if (body.length > 0) problems.add(`${where}: a body on a ${status}`);
        return;
      }
      const type = String(res.headers["content-type"] ?? "")
        .split(";")[0]!
        .trim()
        .toLowerCase();
      const mediaKey = Object.keys(content).find((k) => k.toLowerCase() === type);
      if (!mediaKey) {
        const listed = Object.keys(content).join(", ") || "no body";
        problems.add(`${where}: answers ${type || "a body"}, documented ${listed}`);
        return;
      }
      if (!JSON_TYPE.test(type) || !content[mediaKey].schema) return;
      const id = pointer(...base, "content", mediaKey, "schema");
      let validate = validators.get(id);
      if (!validate) {
        validate = ajv.compile({ $ref: id });
        validators.set(id, validate);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body);
      } catch {
        problems.add(`${where}: not JSON`);
        return;
      }
      if (!validate(parsed)) {
        const errors = (validate.errors ?? [])
          .slice(0, 3)
          .map((e) => `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`)
          .join("; ");
        problems.add(`${where}: body does not match the document: ${errors}`);
      }
    },
  };
}

/**
 * Checks every answer `app.inject` returns against the app's own document (read on the first
 * answer). Call after `app.ready()`; read `mismatches()` before closing.
 */
export function watchConformance(app: FastifyInstance): Conformance {
  let checker: Conformance | undefined;
  const seen = new Set<string>();
  const original = app.inject;
  const inject = (opts?: InjectOptions | string, callback?: unknown): unknown => {
    // Only the promise forms (every suite's): a chain or a callback passes through unchecked.
    if (opts === undefined || callback !== undefined)
      return (original as (...args: unknown[]) => unknown).call(app, opts, callback);
    const result = (original as (o: unknown) => Promise<LightMyRequestResponse>).call(app, opts);
    const method = typeof opts === "string" ? "GET" : String(opts.method ?? "GET");
    const target = typeof opts === "string" ? opts : (opts.url ?? opts.path ?? "/");
    const url = typeof target === "string" ? target : String(target.pathname ?? "/");
    return result.then((res) => {
      checker ??= conformanceTo(app.swagger());
      checker.check(method, url, res);
      for (const entry of checker.seen) seen.add(entry);
      return res;
    });
  };
  (app as unknown as { inject: typeof inject }).inject = inject;
  return {
    mismatches: () => checker?.mismatches() ?? [],
    seen,
    check: (method, url, res) => {
      checker ??= conformanceTo(app.swagger());
      checker.check(method, url, res);
    },
  };
}
