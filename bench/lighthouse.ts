// Lighthouse (12.8: 13 needs Node 22) in its default mobile mode (slow 4G, 4x CPU slowdown,
// Moto G-sized screen) with Debian's Chromium, on the storefront pages in English and Arabic.
// Prints performance score, LCP, TBT and CLS per page, at 4x and at 10x CPU slowdown, the
// median of 3 runs each. Cart is `noindex` by design (a private page), so only its performance
// score matters here.
//
//   npm run build && npm run bench:lighthouse [-- /shop /ar/shop product ...]
//   ("product" is the first product's readable address in each language; a page under /ar is
//   Arabic whatever the cookie, so it runs once, in Arabic: docs/decisions/0028)
//   BASE_URL=http://127.0.0.1:3000 npm run bench:lighthouse      (a running shop)
//   CHROME_PATH=/path/to/chrome  (default /usr/bin/chromium)
//   BENCH_CPU_SLOWDOWN=4   Lighthouse's simulated CPU slowdowns, comma-separated (default 4,10).
//                          Machines of this kind differ up to 2.6 times in speed; 10 runs the
//                          page's tasks about that much slower again (the browser's own work
//                          less faithfully), so a slow machine's figure shows on a fast one
//   BENCH_RUNS=1           runs per page, language and slowdown (default 3; the median is shown)
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { languageOfPath } from "../src/shared/domain/language-path.ts";
import { storefrontPages } from "./server.ts";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOWDOWNS = (process.env.BENCH_CPU_SLOWDOWN ?? "4,10").split(",").map(Number);
// BENCH_COOKIE_LANGS=en: pages with no /ar prefix run with the English cookie only (their
// Arabic twin under /ar is listed on its own).
const LANGUAGES = (process.env.BENCH_COOKIE_LANGS ?? "en,ar").split(",") as ("en" | "ar")[];

type Report = {
  categories: { performance: { score: number }; seo: { score: number } };
  audits: Record<string, { numericValue?: number }>;
};

/** One Lighthouse run in its own process (its CLI owns Chrome's start and stop). */
function lighthouse(url: string, lang: string, slowdown: number, out: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "node_modules/lighthouse/cli/index.js",
        url,
        "--only-categories=performance,seo",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --lang=${lang}`,
        // The server picks the language from this cookie, as it would after the toggle.
        `--extra-headers=${JSON.stringify({ Cookie: `lang=${lang}` })}`,
        `--throttling.cpuSlowdownMultiplier=${slowdown}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "inherit"] },
    );
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      resolve(JSON.parse(fs.readFileSync(out, "utf8")) as Report);
    });
  });
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART): that run is repeated, twice at most. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`${(error as Error).message}: running it again`);
    }
  }
}

const pages = await storefrontPages(
  process.argv.length > 2
    ? process.argv.slice(2)
    : ["/", "/ar", "/shop", "/ar/shop", "product", "/cart", "/our-kitchen", "/contact"],
);
const { base, routes } = pages;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-lh-"));
try {
  for (const slowdown of SLOWDOWNS) {
    console.log(
      `\nLighthouse mobile, ${CHROME}, CPU slowdown ${slowdown}x, median of ${RUNS} run(s)`,
    );
    console.log("| page | lang | performance | SEO | LCP | TBT | CLS |");
    console.log("|---|---|---|---|---|---|---|");
    for (const route of routes) {
      for (const lang of languageOfPath(route) ? ["ar"] : LANGUAGES) {
        const reports: Report[] = [];
        for (let i = 0; i < RUNS; i++)
          reports.push(
            await withRetries(() =>
              lighthouse(base + route, lang, slowdown, path.join(tmp, `r${i}.json`)),
            ),
          );
        reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
        const r = reports[Math.floor(reports.length / 2)]!;
        // Median of each figure on its own: the median score's run may not have the median TBT.
        const median = (id: string) => {
          const values = reports
            .map((report) => report.audits[id]?.numericValue ?? Number.NaN)
            .sort((a, b) => a - b);
          return values[Math.floor(values.length / 2)]!;
        };
        console.log(
          `| ${decodeURI(route)} | ${lang} | ${Math.round(r.categories.performance.score * 100)} | ${Math.round(r.categories.seo.score * 100)} | ${(median("largest-contentful-paint") / 1000).toFixed(2)} s | ${median("total-blocking-time").toFixed(0)} ms | ${median("cumulative-layout-shift").toFixed(3)} |`,
        );
      }
    }
  }
} finally {
  await pages.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
