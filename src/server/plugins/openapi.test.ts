import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { finishDocument, TAGS } from "./openapi-document.ts";

const run = promisify(execFile);
/** A package's CLI (devDependencies @redocly/cli, openapi-typescript, typescript). */
const cli = (pkg: string, bin: string) =>
  path.resolve(import.meta.dirname, "../../../node_modules", pkg, bin);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-openapi-"));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  "x-admin"?: boolean;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
};
type Schema = { properties?: Record<string, Schema>; required?: string[]; format?: string };
type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, unknown>; schemas: Record<string, unknown> };
};

async function documentOf(app = t.app): Promise<Doc> {
  const res = await app.inject({ url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
}

function operations(doc: Doc) {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );
}

describe("OpenAPI", () => {
  it("describes every /api route from its schemas, admin routes marked", async () => {
    const doc = await documentOf();
    expect(doc.openapi).toMatch(/^3\.1/);

    const documented = new Set(operations(doc).map(({ key }) => key));
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
    expect(login.security).toEqual([]);
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (!p.startsWith("/api/admin/")) continue;
      for (const op of Object.values(ops)) {
        expect(op["x-admin"], p).toBe(true);
        expect(op.tags?.[0], p).toMatch(/^admin/);
        expect(op.security, p).toEqual([{ admin: [] }]);
        expect(op.responses["401"]?.$ref, p).toBe("#/components/responses/Unauthorized");
        expect(op.responses["403"]?.$ref, p).toBe("#/components/responses/Forbidden");
      }
    }
    // The admin-only product create outside /api/admin is secured like the admin API.
    expect(doc.paths["/api/products"]!.post!.security).toEqual([{ admin: [] }]);
  });

  it("names, summarises and tags every operation from one declared list", async () => {
    const doc = await documentOf();
    const declared = new Set(doc.tags.map((tag) => tag.name));
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    const ids = new Set<string>();
    for (const { key, op } of operations(doc)) {
      expect(op.operationId, key).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
      expect(ids.has(op.operationId!), `${key}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags, key).toHaveLength(1);
      expect(declared, key).toContain(op.tags![0]);
      expect(TAGS.map((tag) => tag.name)).toContain(op.tags![0]);
    }
    expect(doc.paths["/api/products"]!.get!.operationId).toBe("getProducts");
    expect(doc.paths["/api/admin/orders/{id}/refund"]!.post!.operationId).toBe(
      "postAdminOrdersByIdRefund",
    );
  });

  it("declares who may call what, and every error answer in the shop's one shape", async () => {
    const doc = await documentOf();
    const op = (p: string, method: string) => doc.paths[p]![method]!;
    // Customer routes (preHandler: requireUser), routes where signing in is optional, public.
    expect(op("/api/account", "get").security).toEqual([{ customer: [] }]);
    expect(op("/api/orders", "get").security).toEqual([{ customer: [] }]);
    expect(op("/api/orders", "post").security).toEqual([{}, { customer: [] }]);
    expect(op("/api/products", "get").security).toEqual([]);
    expect(op("/api/account", "get").responses["401"]).toBeDefined();

    expect(doc.components.schemas.Error).toMatchObject({ required: ["message"] });
    for (const { key, op: operation } of operations(doc)) {
      expect(operation.security, key).toBeDefined();
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^[45]/.test(status))
          expect(response.$ref, `${key} ${status}`).toMatch(/^#\/components/);
      }
      if (operation.requestBody)
        for (const s of ["413", "415", "422"]) expect(operation.responses[s], key).toBeDefined();
    }
    // Rate-limited forms say 429; a conflict is declared where the route gives one.
    expect(op("/api/contact", "post").responses["429"]).toBeDefined();
    expect(op("/api/admin/categories/{id}", "delete").responses["409"]).toBeDefined();

    // 204 where the route answers 204 (no body), and the orders list has its schema.
    for (const [p, method] of [
      ["/api/auth/logout", "post"],
      ["/api/account/password", "put"],
      ["/api/account", "delete"],
      ["/api/admin/content/faq/{id}", "delete"],
      ["/api/admin/subscribers/{id}", "delete"],
      ["/api/admin/kitchen/{id}", "delete"],
    ] as const) {
      expect(Object.keys(op(p, method).responses), `${method} ${p}`).toContain("204");
      expect(op(p, method).responses["200"], `${method} ${p}`).toBeUndefined();
    }
    expect(op("/api/orders", "get").responses["200"]!.content).toHaveProperty("application/json");

    // Missing max_uses / expire_at are accepted (unlimited, never expires): not required.
    const coupon = op("/api/admin/coupons", "post").requestBody!.content["application/json"]!;
    expect(coupon.schema.required).toEqual(["code", "discount_percent"]);
  });

  it("describes the multipart bodies: fields and binary files", async () => {
    const doc = await documentOf();
    const form = (p: string, method: string) =>
      doc.paths[p]![method]!.requestBody!.content["multipart/form-data"]!.schema;
    for (const [p, method] of [
      ["/api/admin/products", "post"],
      ["/api/products", "post"],
      ["/api/admin/products/{id}", "put"],
      ["/api/admin/products/{id}", "post"],
    ] as const) {
      const schema = form(p, method);
      expect(schema.properties!.image!.format, p).toBe("binary");
      expect(schema.properties!.name, p).toBeDefined();
      expect(schema.required, p).toEqual(expect.arrayContaining(["name", "price", "category_id"]));
      expect(schema.required, p).not.toContain("sku");
    }
    for (const [p, method] of [
      ["/api/admin/kitchen", "post"],
      ["/api/admin/kitchen/{id}", "put"],
      ["/api/admin/kitchen/{id}", "post"],
    ] as const)
      expect(form(p, method).properties!.image!.format, p).toBe("binary");
    const receipt = form("/api/orders/{number}/receipt", "post");
    expect(receipt.properties!.file!.format).toBe("binary");
    expect(receipt.required).toEqual(["file"]);
  });

  it("shows examples on the main operations, each valid against its schema", async () => {
    const doc = await documentOf();
    const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
    ajv.addSchema(doc, "openapi");
    const pointer = (...parts: string[]) =>
      `openapi#/${parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
    const examples: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const media = [
          ...Object.entries(op.requestBody?.content ?? {}).map(
            ([type, m]) => [["requestBody", "content", type], m] as const,
          ),
          ...Object.entries(op.responses).flatMap(([status, r]) =>
            Object.entries(r.content ?? {}).map(
              ([type, m]) => [["responses", status, "content", type], m as object] as const,
            ),
          ),
        ];
        for (const [where, m] of media) {
          if (!("example" in m)) continue;
          const name = `${method.toUpperCase()} ${p} ${where.join(" ")}`;
          examples.push(name);
          const validate = ajv.compile({ $ref: pointer("paths", p, method, ...where, "schema") });
          expect(
            validate((m as { example: unknown }).example),
            `${name}: ${ajv.errorsText(validate.errors)}`,
          ).toBe(true);
        }
      }
    for (const main of [
      "GET /api/products responses 200",
      "GET /api/products/{id} responses 200",
      "POST /api/orders requestBody",
      "POST /api/orders responses 201",
      "POST /api/auth/admin-login requestBody",
      "POST /api/auth/admin-login responses 200",
    ])
      expect(
        examples.some((name) => name.startsWith(main)),
        main,
      ).toBe(true);
  });

  it("takes its server from PUBLIC_URL, else the same host", async () => {
    const doc = await documentOf();
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    const withUrl = finishDocument({
      document: { openapi: "3.1.0", paths: {} },
      facts: new Map(),
      publicUrl: "https://sweets.example",
    });
    expect(withUrl.servers).toEqual([expect.objectContaining({ url: "https://sweets.example" })]);
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const doc = await documentOf();
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(doc));
    const result = await run(
      process.execPath,
      [cli("@redocly/cli", "bin/cli.js"), "lint", "--extends=recommended", "--format=json", file],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string; location: unknown }>;
    };
    const errors = report.problems.filter((p) => p.severity === "error");
    expect(errors.map((p) => `${p.ruleId}: ${p.message} ${JSON.stringify(p.location)}`)).toEqual(
      [],
    );
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it("generates a typed client that compiles and types the multipart operations", async () => {
    const doc = await documentOf();
    const file = path.join(dir, "client-openapi.json");
    fs.writeFileSync(file, JSON.stringify(doc));
    await run(
      process.execPath,
      [cli("openapi-typescript", "bin/cli.js"), file, "--output", path.join(dir, "api.d.ts")],
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
    );
    fs.writeFileSync(
      path.join(dir, "use.ts"),
      `import type { operations } from "./api.js";

type CreateProduct = operations["postAdminProducts"]["requestBody"]["content"]["multipart/form-data"];
type UpdateDish = operations["putAdminKitchenById"]["requestBody"]["content"]["multipart/form-data"];
type Receipt = operations["postOrdersByNumberReceipt"]["requestBody"]["content"]["multipart/form-data"];
type Products = operations["getProducts"]["responses"][200]["content"]["application/json"];
type Failure = operations["postOrders"]["responses"][422]["content"]["application/json"];

export const form: CreateProduct = { name: "Baklava", price: 32, category_id: 2, image: "(file)" };
// @ts-expect-error the name is required
export const noName: CreateProduct = { price: 32, category_id: 2 };
export const dish: UpdateDish = { title: "Fatteh", image: "(file)" };
export const receipt: Receipt = { file: "(file)" };
// @ts-expect-error the receipt's file is required
export const noFile: Receipt = {};
export const firstName = (page: Products): string | undefined => page.data[0]?.name_ar;
export const fieldErrors = (failure: Failure): string[] | undefined => failure.errors?.["lines.0.qty"];
`,
    );
    const tsc = await run(
      process.execPath,
      [
        cli("typescript", "bin/tsc"),
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        path.join(dir, "use.ts"),
      ],
      { cwd: dir },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ""}${error.stderr ?? ""}`,
    }));
    expect(tsc.stdout.trim()).toBe("");
  }, 120_000);

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
