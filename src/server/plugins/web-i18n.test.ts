// Texts per route (issue 10): every page in the route table is rendered on the server in both
// languages through the development build, where a key from a namespace no matched route
// declares in `handle.i18n` throws (root.tsx); and a page's HTML carries its declared
// namespaces only, in its own language only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../web/routes.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { seedCatalog } from "../db/seed/catalog.ts";
import { openTestDatabase } from "../test/app.ts";

const localesDir = path.resolve("src/web/i18n/locales");
const readBundle = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), "utf8")) as object;
const namespaces = fs
  .readdirSync(path.join(localesDir, "en"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.slice(0, -5));

/** A text as it appears, quoted, in the hydration data (a JSON string inside a script). */
const inPayload = (text: string) => JSON.stringify(JSON.stringify(text)).slice(1, -1);

function leaves(tree: unknown): string[] {
  if (typeof tree === "string") return [tree];
  if (tree && typeof tree === "object") return Object.values(tree).flatMap(leaves);
  return [];
}

/**
 * Every page path in the route table, with sample values for its parameters. The storefront's
 * optional `ar?` segment (ADR 0028) is taken as absent: the same modules render under /ar, and
 * language-urls.test.ts renders those addresses.
 */
function pagePaths(entries: RouteConfigEntry[], productId: number, prefix = ""): string[] {
  return [...new Set(pageTemplates(entries, productId, prefix))];
}

function pageTemplates(entries: RouteConfigEntry[], productId: number, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const segment = entry.path?.endsWith("?") ? undefined : entry.path;
    const own = segment === undefined ? prefix : `${prefix}/${segment}`;
    const children = entry.children ? pageTemplates(entry.children, productId, own) : [];
    if (entry.children && !entry.index && segment === undefined) return children; // layout
    const concrete = (own || "/")
      .replace(/:id\b/g, String(productId))
      .replace(/:\w+/g, "SAMPLE-1")
      .replace(/\*$/, "no-such-page");
    return [concrete, ...children];
  });
}

async function declaredBy(modules: Promise<{ handle?: { i18n?: readonly string[] } }>[]) {
  return (await Promise.all(modules)).flatMap((module) => [...(module.handle?.i18n ?? [])]);
}

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let productId = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-web-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  await seedCatalog(database.db, { uploadsDir: config.uploadsDir, images: false });
  app = await buildApp({ config, database, web: "dev", rateLimit: false });
  await app.ready();
  const list = await app.inject({ method: "GET", url: "/api/products" });
  productId = (list.json() as { data: { id: number }[] }).data[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const page = (url: string, lang: "en" | "ar") =>
  app.inject({ method: "GET", url, headers: { cookie: `lang=${lang}` } });

describe("texts per route", () => {
  it("renders every page of the route table in both languages with only declared namespaces", async () => {
    const paths = pagePaths(routeConfig as RouteConfigEntry[], productId);
    expect(paths).toContain("/shop");
    for (const url of paths) {
      for (const lang of ["en", "ar"] as const) {
        const res = await page(url, lang);
        // An undeclared namespace throws during the render: a 500 naming the text and the fix.
        expect(res.statusCode, `${lang} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
      }
    }
  }, 120_000);

  it("sends only the page's own namespaces: /about has no shop, home or cart texts", async () => {
    const html = (await page("/about", "en")).body;
    expect(html).toContain(inPayload(leaves(readBundle("en", "common"))[0]!));
    const declared = await declaredBy([
      import("../../web/root.tsx"),
      import("../../web/routes/storefront/layout.tsx"),
      import("../../web/routes/storefront/about.tsx"),
    ]);
    expect(declared).not.toContain("shop");
    const own = new Set(declared.flatMap((ns) => leaves(readBundle("en", ns))));
    for (const ns of namespaces.filter((n) => !declared.includes(n))) {
      const foreign = leaves(readBundle("en", ns)).filter(
        (text) => text.length > 12 && !own.has(text),
      );
      for (const text of foreign)
        expect(html, `"${ns}" text "${text}" in /about`).not.toContain(inPayload(text));
    }
  });

  it("an Arabic page carries no English texts", async () => {
    const html = (await page("/shop", "ar")).body;
    expect(html).toContain('lang="ar"');
    const arabic = new Set(namespaces.flatMap((ns) => leaves(readBundle("ar", ns))));
    const declared = await declaredBy([
      import("../../web/root.tsx"),
      import("../../web/routes/storefront/layout.tsx"),
      import("../../web/routes/storefront/shop.tsx"),
    ]);
    const english = declared
      .flatMap((ns) => leaves(readBundle("en", ns)))
      .filter((text) => text.length > 12 && !arabic.has(text) && /[a-z]{4}/.test(text));
    expect(english.length).toBeGreaterThan(5);
    for (const text of english)
      expect(html, `English "${text}" in Arabic /shop`).not.toContain(inPayload(text));
  });

  it("development: the browser loads the texts' URL map that the page's modules import", async () => {
    // The browser first loads the module that imports it, which Vite rewrites to the virtual
    // module's resolved id; that id then 404ed, and no page hydrated in development.
    const importer = await app.inject({ method: "GET", url: "/src/web/i18n/bundles.ts" });
    expect(importer.statusCode).toBe(200);
    const url = /from "(\/@id\/[^"]*virtual:i18n-bundles)"/.exec(importer.body)?.[1];
    expect(url).toBe("/@id/__x00__virtual:i18n-bundles");
    const res = await app.inject({ method: "GET", url: url! });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/"ar\/shop":"\/assets\/i18n-ar-shop-[\w-]+\.json"/);
  });
});
