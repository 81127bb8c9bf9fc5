// Issue 10's budget: the JavaScript of a first visit is at most 140 KB gzip. Deterministic: it
// sums the build's own gzip twins (scripts/compress-assets.ts, Zopfli) of every script a page's
// HTML loads, so it never depends on timing or the network.
//
// Enforced today: the shell every storefront page loads (React, React Router, i18n, root and
// layout) stays within 140 KB, and no page grows past its ceiling below. Pages with their own
// forms, map or menu are over 140 KB (bench/README.md): lower a ceiling when a page shrinks.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "./support.ts";

const KB = 1024;
const BUDGET = 140 * KB;
/** Ceilings per page, KB gzip: 2026-11-23 figures plus a little room (bench/README.md). */
const CEILING: Record<string, number> = {
  "/": 147,
  "/shop": 147,
  "/product/1": 147,
  "/cart": 145,
  "/contact": 152,
  "/our-kitchen": 148,
};
const client = path.resolve("build/client");

/** Bytes a browser downloads for one built file with gzip (files under 1 KB have no twin). */
function gzipBytes(url: string): number {
  const file = path.join(client, url.replace(/^\//, ""));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Every script the page loads before it is interactive: script src and module preloads. */
function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const url = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(tag)?.[1];
    if (url && (name === "script" || /rel="modulepreload"/.test(tag))) urls.add(url);
  }
  // The entry is imported from an inline module script.
  for (const [, url] of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) urls.add(url!);
  return [...urls];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const listing = (urls: string[]) => urls.map((url) => `${kb(gzipBytes(url))} ${url}`).join("\n");

test("first-visit JavaScript: the shared shell within 140 KB gzip, no page past its ceiling", async ({
  request,
}) => {
  const perPage: string[][] = [];
  for (const [route, ceiling] of Object.entries(CEILING)) {
    for (const lang of ["en", "ar"]) {
      const res = await request.get(route, { headers: { cookie: `lang=${lang}` } });
      expect(res.status()).toBeLessThan(500);
      const scripts = scriptsOf(await res.text());
      expect(scripts.length).toBeGreaterThan(2);
      const total = scripts.reduce((sum, url) => sum + gzipBytes(url), 0);
      expect(total, `${route} (${lang}): ${kb(total)}\n${listing(scripts)}`).toBeLessThanOrEqual(
        ceiling * KB,
      );
      perPage.push(scripts);
    }
  }
  const shell = perPage[0]!.filter((url) => perPage.every((scripts) => scripts.includes(url)));
  const shellBytes = shell.reduce((sum, url) => sum + gzipBytes(url), 0);
  expect(shellBytes, `shell ${kb(shellBytes)}\n${listing(shell)}`).toBeLessThanOrEqual(BUDGET);
});
