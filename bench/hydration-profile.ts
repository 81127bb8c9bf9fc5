// Where the main thread goes on a first visit: loads each storefront page in Debian's Chromium
// with its CPU throttled (CDP `Emulation.setCPUThrottlingRate`, default 6x), records a CPU
// profile from navigation until the page is hydrated and idle, and prints
//   - the long tasks (over 50 ms, as the browser reports them) and their total,
//   - where the profiled time went, by script and by function (self time, throttled ms).
//
//   npm run build && npm run bench:hydration [-- / /ar /shop product]
//   BENCH_CPU_SLOWDOWN=4  another throttle;  BENCH_TOP=25  functions listed per page
//   BASE_URL=http://127.0.0.1:3000 npm run bench:hydration    (a running shop)
//   BENCH_PROFILE_DIR=/tmp/profiles  also writes each page's .cpuprofile there
import fs from "node:fs";
import path from "node:path";
import { languageOfPath } from "../src/shared/domain/language-path.ts";
import { launchChromium, phoneFor } from "./phone.ts";
import { storefrontPages } from "./server.ts";

const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 6);
const TOP = Number(process.env.BENCH_TOP ?? 15);

type Node = {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Self time per node id, in ms of the throttled clock. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    const next = profile.timeDeltas[i + 1] ?? 0;
    self.set(id, (self.get(id) ?? 0) + next / 1000);
  });
  return self;
}

/**
 * The profile cut into busy stretches (samples between two idle ones), each one task or a few
 * back to back: the longest stretches with their heaviest functions, self and inclusive.
 */
function printBusyRuns(profile: Profile, minMs: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: Node) =>
    `${node.callFrame.functionName || "(anonymous)"} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
  let run: { at: number; samples: [number, number][] } = { at: 0, samples: [] };
  let clock = 0;
  const flush = () => {
    const ms = run.samples.reduce((sum, [, dt]) => sum + dt, 0);
    if (ms >= minMs) {
      const self = new Map<string, number>();
      const inclusive = new Map<string, number>();
      for (const [id, dt] of run.samples) {
        const node = byId.get(id)!;
        self.set(name(node), (self.get(name(node)) ?? 0) + dt);
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const key = name(byId.get(at)!);
          if (seen.has(key)) continue;
          seen.add(key);
          inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
        }
      }
      const top = (map: Map<string, number>) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([k, v]) => `${v.toFixed(1)} ${k}`);
      console.log(
        `busy ${ms.toFixed(1)} ms at ${run.at.toFixed(0)} ms\n  self: ${top(self).join("\n        ")}\n  incl: ${top(inclusive).join("\n        ")}`,
      );
    }
  };
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    if (byId.get(id)!.callFrame.functionName === "(idle)") {
      flush();
      run = { at: clock, samples: [] };
    } else run.samples.push([id, dt]);
  });
  flush();
}

const short = (url: string) =>
  url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "") || url : "(browser)";

const pages = await storefrontPages(
  process.argv.length > 2 ? process.argv.slice(2) : ["/", "/ar", "/shop", "/ar/shop", "product"],
);
const { base, routes } = pages;
try {
  const browser = await launchChromium();
  console.log(`CPU throttled ${SLOWDOWN}x, Moto G-sized screen, first visit (empty cache)`);
  for (const route of routes) {
    const lang = languageOfPath(route) ?? "en";
    const context = await phoneFor(browser, base, route);
    await context.addInitScript(() => {
      (globalThis as { __longTasks?: { start: number; duration: number }[] }).__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (
            globalThis as unknown as { __longTasks: { start: number; duration: number }[] }
          ).__longTasks.push({
            start: Math.round(entry.startTime),
            duration: Math.round(entry.duration),
          });
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(base + route, { waitUntil: "load" });
    // Hydrated: React Router's router is on window once the entry has run; then let idle work run.
    await page.waitForFunction(
      () => "__reactRouterRouteModules" in window && document.readyState === "complete",
    );
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    if (process.env.BENCH_PROFILE_DIR) {
      const file = path.join(
        process.env.BENCH_PROFILE_DIR,
        `${route.replaceAll("/", "_") || "_"}-${lang}.cpuprofile`,
      );
      fs.mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`profile: ${file} (open in Chromium's DevTools, Performance panel)`);
    }
    const longTasks = (await page.evaluate(
      () =>
        (globalThis as unknown as { __longTasks: { start: number; duration: number }[] })
          .__longTasks,
    )) as { start: number; duration: number }[];
    await context.close();

    const self = selfTimes(profile);
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const ms = self.get(node.id) ?? 0;
      if (!ms) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === "(idle)" || (functionName === "(program)" && !url)) {
        byScript.set(functionName, (byScript.get(functionName) ?? 0) + ms);
        continue;
      }
      byScript.set(short(url), (byScript.get(short(url)) ?? 0) + ms);
      const key = `${functionName || "(anonymous)"} ${short(url)}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    }
    if (process.env.BENCH_TASKS) printBusyRuns(profile, Number(process.env.BENCH_TASKS));
    const total = longTasks.reduce((sum, t) => sum + t.duration, 0);
    const blocking = longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    console.log(`\n## ${decodeURI(route)} (${lang})`);
    console.log(
      `long tasks: ${longTasks.length}, ${total} ms in all, ${blocking} ms over 50 ms each: ${longTasks.map((t) => `${t.duration}@${t.start}`).join(" ")}`,
    );
    const top = (map: Map<string, number>, n: number) =>
      [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
    console.log("by script (self ms):");
    for (const [name, ms] of top(byScript, 12))
      console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
    console.log("by function (self ms):");
    for (const [name, ms] of top(byFunction, TOP))
      console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
  }
  await browser.close();
} finally {
  await pages.close();
}
