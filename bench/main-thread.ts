// What a first visit costs the browser's main thread, by kind of work, measured from Chromium's
// own trace (no throttling, so the figures are this machine's): HTML parsing, style and layout,
// script (evaluation and React's hydration), paint, and the tasks over 50 ms once multiplied by
// a phone's slowdown (4x and 10x, as Lighthouse counts blocking time). Median of BENCH_RUNS
// loads (default 5) per page, each with an empty cache.
//
//   npm run build && npm run bench:main-thread [-- / /ar /shop product]
//   BASE_URL=http://127.0.0.1:3000 npm run bench:main-thread      (a running shop)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launchChromium, phoneFor } from "./phone.ts";
import { storefrontPages } from "./server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number };

const KINDS: Record<string, string> = {
  ParseHTML: "parse",
  ParseAuthorStyleSheet: "parse",
  UpdateLayoutTree: "style+layout",
  Layout: "style+layout",
  EvaluateScript: "script",
  "v8.evaluateModule": "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  FunctionCall: "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  EventDispatch: "script",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
};

/** Main-thread work by kind (top-level within each task, so nothing counts twice), in ms. */
function summarize(events: TraceEvent[]) {
  const parses = new Map<string, number>();
  for (const e of events)
    if (e.name === "ParseHTML")
      parses.set(`${e.pid}:${e.tid}`, (parses.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...parses].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X");
  const tasks = mine.filter((e) => e.name === "RunTask").sort((a, b) => a.ts - b.ts);
  const kinds: Record<string, number> = {};
  const inner = mine.filter((e) => e.name in KINDS).sort((a, b) => a.ts - b.ts);
  let coveredUntil = 0;
  for (const e of inner) {
    if (e.ts < coveredUntil) continue; // nested in one already counted
    kinds[KINDS[e.name]!] = (kinds[KINDS[e.name]!] ?? 0) + (e.dur ?? 0) / 1000;
    coveredUntil = e.ts + (e.dur ?? 0);
  }
  const durations = tasks.map((t) => (t.dur ?? 0) / 1000);
  const blocking = (slowdown: number) =>
    durations.reduce((sum, d) => sum + Math.max(0, d * slowdown - 50), 0);
  return {
    busy: durations.reduce((a, b) => a + b, 0),
    longest: Math.max(0, ...durations),
    ...kinds,
    "blocking@4x": blocking(4),
    "blocking@10x": blocking(10),
  } as Record<string, number>;
}

const pages = await storefrontPages(
  process.argv.length > 2 ? process.argv.slice(2) : ["/", "/ar", "/shop", "/ar/shop", "product"],
);
const { base, routes } = pages;
try {
  const browser = await launchChromium();
  const columns = [
    "busy",
    "longest",
    "parse",
    "style+layout",
    "script",
    "paint",
    "blocking@4x",
    "blocking@10x",
  ];
  console.log(`Main thread on a first visit, unthrottled, median of ${RUNS} loads (ms)`);
  console.log(`| page | ${columns.join(" | ")} |`);
  console.log(`|---|${columns.map(() => "---").join("|")}|`);
  for (const route of routes) {
    const results: Record<string, number>[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await phoneFor(browser, base, route);
      const page = await context.newPage();
      const file = path.join(os.tmpdir(), `shop-trace-${process.pid}.json`);
      await browser.startTracing(page, {
        path: file,
        categories: ["devtools.timeline", "v8.execute", "disabled-by-default-devtools.timeline"],
      });
      await page.goto(base + route, { waitUntil: "load" });
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await page.waitForTimeout(2500);
      await browser.stopTracing();
      const trace = JSON.parse(fs.readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };
      fs.rmSync(file, { force: true });
      results.push(summarize(trace.traceEvents));
      await context.close();
    }
    const median = (key: string) => {
      const values = results.map((r) => r[key] ?? 0).sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    console.log(
      `| ${decodeURI(route)} | ${columns.map((c) => median(c).toFixed(0)).join(" | ")} |`,
    );
  }
  await browser.close();
} finally {
  await pages.close();
}
