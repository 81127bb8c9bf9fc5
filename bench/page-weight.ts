// The JavaScript (and CSS) a first-time visitor downloads per page, as sent over the wire:
// fetches the page, collects its scripts (src/web/first-visit-scripts.ts) and stylesheets and fetches
// each with Accept-Encoding gzip and br, summing the compressed bytes. Also reports whether
// any file that only admin routes use reaches a storefront visitor.
//   npm run build && npx tsx bench/page-weight.ts [/ /shop ...]
//   BENCH_FILES=1: also list each script with its gzip size, largest first.
// Against a running shop instead: BASE_URL=http://127.0.0.1:3000 npx tsx bench/page-weight.ts
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { firstVisitScripts } from "../src/web/first-visit-scripts.ts";
import { type RunningShop, startShop } from "./server.ts";

const routes = process.argv.length > 2 ? process.argv.slice(2) : ["/", "/shop"];

/** Bytes on the wire (no decompression) for one URL with one encoding. */
function wireBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") })
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

type Manifest = { routes: Record<string, { module: string; imports?: string[]; css?: string[] }> };

async function manifestOf(base: string, html: string): Promise<Manifest | null> {
  const href = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  if (!href) return null;
  const text = await (await fetch(base + href)).text();
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** Files only admin routes reference (their module and imports, minus anything shared). */
function adminOnlyFiles(manifest: Manifest): Set<string> {
  const admin = new Set<string>();
  const other = new Set<string>();
  for (const [id, route] of Object.entries(manifest.routes)) {
    const target = id.startsWith("routes/admin/") ? admin : other;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])])
      target.add(file);
  }
  for (const file of other) admin.delete(file);
  return admin;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

let shop: RunningShop | null = null;
let dataDir = "";
let base = process.env.BASE_URL?.replace(/\/$/, "") ?? "";
if (!base) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-weight-"));
  shop = await startShop(dataDir);
  base = shop.url;
}

try {
  for (const route of routes) {
    const html = await (await fetch(base + route)).text();
    const js = new Set(firstVisitScripts(html));
    const css = new Set<string>();
    for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
      const url = /href="([^"]+)"/.exec(tag)?.[1];
      if (url?.startsWith("/") && /rel="stylesheet"/.test(tag)) css.add(url);
    }
    const sum = async (files: Set<string>, encoding: string) => {
      let total = 0;
      for (const file of files) total += (await wireBytes(base + file, encoding)).bytes;
      return total;
    };
    const [jsGzip, jsBr, jsRaw, cssGzip] = await Promise.all([
      sum(js, "gzip"),
      sum(js, "br"),
      sum(js, "identity"),
      sum(css, "gzip"),
    ]);
    const manifest = await manifestOf(base, html);
    const admin = manifest ? adminOnlyFiles(manifest) : new Set<string>();
    const leaked = [...js].filter((file) => admin.has(file));
    const htmlGzip = await wireBytes(base + route, "gzip");

    console.log(`\n${route}`);
    console.log(
      `  JS:   ${js.size} files, ${kb(jsGzip)} gzip, ${kb(jsBr)} brotli (${kb(jsRaw)} uncompressed)`,
    );
    if (process.env.BENCH_FILES) {
      const sizes = await Promise.all(
        [...js].map(async (file) => ({ file, ...(await wireBytes(base + file, "gzip")) })),
      );
      for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes))
        console.log(`    ${kb(bytes).padStart(8)}  ${file}`);
    }
    console.log(`  CSS:  ${css.size} files, ${kb(cssGzip)} gzip`);
    console.log(`  HTML: ${kb(htmlGzip.bytes)} ${htmlGzip.encoding}`);
    console.log(
      manifest
        ? `  admin-only files in it: ${leaked.length ? leaked.join(", ") : "none"} (of ${admin.size} admin-only files)`
        : "  (no route manifest found: admin check skipped)",
    );
  }
} finally {
  if (shop) await shop.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
