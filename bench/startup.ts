// Start time to first request: spawns the built shop on a fresh DATA_DIR (migrations, demo
// seed, first admin) and then on the same, reused DATA_DIR; polls /healthz every 20 ms.
//   npm run build && npx tsx bench/startup.ts [runs=3]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startShop } from "./server.ts";

const runs = Number(process.argv[2] ?? 3);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const fresh: number[] = [];
const reused: number[] = [];
const firstPage: number[] = [];
let rss = 0;

for (let run = 0; run < runs; run++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-startup-"));
  try {
    const first = await startShop(dataDir);
    fresh.push(first.firstRequestMs);
    const before = performance.now();
    const page = await fetch(`${first.url}/`);
    await page.text();
    firstPage.push(performance.now() - before);
    rss = Math.max(rss, first.rssMb());
    if ((await first.stop()) !== 0) throw new Error("first server did not exit cleanly");

    const second = await startShop(dataDir);
    reused.push(second.firstRequestMs);
    if ((await second.stop()) !== 0) throw new Error("second server did not exit cleanly");
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `run ${run + 1}: fresh ${Math.round(fresh.at(-1)!)} ms, reused ${Math.round(reused.at(-1)!)} ms`,
  );
}

console.log(`\nStart to first 200 from /healthz (median of ${runs}, ${os.cpus().length} cores):`);
console.log(`  fresh DATA_DIR (migrate + seed + admin): ${Math.round(median(fresh))} ms`);
console.log(`  reused DATA_DIR:                         ${Math.round(median(reused))} ms`);
console.log(`  first GET / after start (cold SSR):      ${Math.round(median(firstPage))} ms`);
console.log(`  resident memory after the first page:    ${Math.round(rss)} MB`);
