// Products CSV import at 5,000 rows (issue 28: under 10 s on PGlite). Through the real route
// (multipart upload, parse, checks, one transaction), on a scratch PGlite data directory:
// a dry run of 5,000 new products, applying them, then a file that changes every one of them
// (updates, new weight options and pictures), and the export read back (all unchanged).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite } from "../src/server/db/client.ts";
import { categories } from "../src/server/db/schema/catalog.ts";
import { createUserWithToken } from "../src/server/test/fixtures.ts";
import { multipartBody } from "../src/server/test/multipart.ts";
import { PRODUCTS_CSV_HEADER } from "../src/shared/domain/products-import.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const TARGET_MS = 10_000;

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

function file(round: number): string {
  const lines = [PRODUCTS_CSV_HEADER.join(",")];
  for (let i = 1; i <= ROWS; i++) {
    const price = (20 + (i % 50) + round).toFixed(2);
    const row: Record<(typeof PRODUCTS_CSV_HEADER)[number], string> = {
      sku: `BENCH-${String(i).padStart(5, "0")}`,
      name_en: `Pistachio baklava, tray ${i}`,
      name_ar: `بقلاوة بالفستق، صينية ${i}`,
      description_en: `Thin layers, "Aleppo" pistachios\nand syrup (${round})`,
      description_ar: `طبقات رقيقة وفستق حلبي\nوقطر (${round})`,
      category: i % 2 ? "bench-baklava" : "bench-maamoul",
      price,
      discount_price: i % 3 === 0 ? (Number(price) - 2).toFixed(2) : "",
      weight_options: round === 0 ? "500|1000" : `250|500|1000:${price}`,
      stock_grams: String(10_000 + i + round),
      low_stock_grams: i % 4 === 0 ? "1500" : "",
      status: i % 10 === 0 ? "hidden" : "active",
      images: round === 0 ? "" : "catalog/products/bench.webp",
    };
    lines.push(PRODUCTS_CSV_HEADER.map((c) => cell(row[c])).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-import-"));
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://localhost",
    });
    const app = await buildApp({ config, database, rateLimit: false });
    await database.db.insert(categories).values([
      { slug: "bench-baklava", nameEn: "Baklava", nameAr: "بقلاوة" },
      { slug: "bench-maamoul", nameEn: "Maamoul", nameAr: "معمول" },
    ]);
    // An existing upload for the second file's pictures.
    fs.mkdirSync(path.join(config.uploadsDir, "catalog/products"), { recursive: true });
    fs.writeFileSync(path.join(config.uploadsDir, "catalog/products/bench.webp"), "");
    const owner = await createUserWithToken(app, { admin: true });

    const run = async (label: string, csv: string, dryRun: boolean) => {
      const t0 = performance.now();
      const res = await app.inject({
        method: "POST",
        url: `/api/admin/products/import${dryRun ? "?dry_run=1" : ""}`,
        ...multipartBody(
          {},
          [{ field: "file", name: "bench.csv", data: Buffer.from(csv), type: "text/csv" }],
          owner.auth,
        ),
      });
      const ms = performance.now() - t0;
      const { data } = res.json() as {
        data: { created: number; updated: number; unchanged: number; errors: unknown[] };
      };
      const ok = res.statusCode === 200 && data.errors.length === 0;
      console.log(
        `  ${label.padEnd(34)} ${String(Math.round(ms)).padStart(6)} ms  ` +
          `created ${data.created}, updated ${data.updated}, unchanged ${data.unchanged}` +
          `${ok ? "" : `  FAILED (${res.statusCode})`}`,
      );
      return { ms, ok };
    };

    console.log(`Products CSV import: ${ROWS} rows on PGlite, target < ${TARGET_MS} ms\n`);
    const results = [
      await run("dry run, all new", file(0), true),
      await run("apply, all new", file(0), false),
      await run("apply, every row changed", file(1), false),
    ];
    const exported = (
      await app.inject({ url: "/api/admin/products/export.csv", headers: owner.auth })
    ).body;
    results.push(await run("export read back (dry run)", exported, true));
    await app.close();
    const worst = Math.max(...results.map((r) => r.ms));
    const ok = results.every((r) => r.ok) && worst < TARGET_MS;
    console.log(`\n  slowest ${Math.round(worst)} ms: ${ok ? "OK" : "OVER TARGET OR FAILED"}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
