import { count, eq, sql } from "drizzle-orm";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { mailOutbox } from "../src/server/db/schema/orders-desk.ts";
import { createCampaignService } from "../src/server/modules/newsletter/campaigns.ts";
import { onScratchPostgres } from "./server.ts";

/**
 * A newsletter campaign to 10,000 confirmed subscribers (half Arabic): the time from the send
 * (what `POST /api/admin/campaigns/{id}/send` calls) until every recipient's e-mail is in the
 * mail outbox, the sender's passes run back to back at the highest rate (10,000 a minute).
 * Baselines in the same run: one `select 1` round trip (p95 of 40) and one INSERT of 10,000
 * outbox rows of the same size in a single statement; the ratio is queue time / that insert.
 * Target: queued in < 5 s. On scratch PGlite, and PostgreSQL when one answers.
 *   npm run bench:campaigns      (BENCH_SUBSCRIBERS, BENCH_DATABASE_URL to change)
 */
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const TARGET_MS = 5_000;
const BASE = "https://shop.example.com";

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function run(database: Database) {
  await database.migrate();
  const db = database.db;
  await db.execute(sql`
    insert into newsletter_subscribers (email, lang, confirmed_at)
    select 'bench' || n || '@example.com', (array['en','ar'])[1 + n % 2]::text, now()
    from generate_series(1, ${SUBSCRIBERS}::int) n`);
  const service = createCampaignService(db, { products: async () => [] });
  const campaign = await service.create(
    {
      subject: "Ramadan sweets are here",
      subject_ar: "حلويات رمضان وصلت",
      body: [
        { type: "heading", text: "Ramadan" },
        { type: "paragraph", text: "Fresh maamoul every morning, baklava by the kilo." },
        { type: "link", text: "Order now", url: "/shop" },
      ],
      body_ar: [
        { type: "heading", text: "رمضان" },
        { type: "paragraph", text: "معمول طازج كل صباح، وبقلاوة بالكيلو." },
        { type: "link", text: "اطلب الآن", url: "/shop" },
      ],
      rate_per_minute: 10_000,
    },
    null,
  );

  // Baselines: a round trip, and the same number of outbox rows written in one statement.
  const trips: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await db.execute(sql`select 1`);
    trips.push(performance.now() - t);
  }
  trips.sort((a, b) => a - b);
  const tInsert = performance.now();
  await db.execute(sql`
    insert into mail_outbox (kind, "to", subject, text, html, headers)
    select 'bench_baseline', 'bench' || n || '@example.com', 'Ramadan sweets are here',
      repeat('x', 400), repeat('<p>x</p>', 100),
      jsonb_build_object('List-Unsubscribe', '<https://shop.example.com/u/' || md5(n::text) || '>')
    from generate_series(1, ${SUBSCRIBERS}::int) n`);
  const insertMs = performance.now() - tInsert;
  await db.delete(mailOutbox).where(eq(mailOutbox.kind, "bench_baseline"));

  const t0 = performance.now();
  await service.send(campaign.id, null);
  let passes = 0;
  const now = new Date(Date.now() + 1000);
  while ((await service.runOnce(now, { baseUrl: BASE })) > 0) passes += 1;
  const queuedMs = performance.now() - t0;
  const [rows] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, `newsletter_campaign_${campaign.id}`));
  const status = (await service.get(campaign.id)).status;

  console.log(`  baseline select 1: p95 ${percentile(trips, 0.95).toFixed(2)} ms`);
  console.log(
    `  baseline INSERT of ${SUBSCRIBERS} outbox rows, one statement: ${insertMs.toFixed(0)} ms`,
  );
  console.log(
    `  campaign queued: ${rows?.n} e-mails in ${passes} passes, ${queuedMs.toFixed(0)} ms (status ${status}); ` +
      `ratio to the bare insert ${(queuedMs / insertMs).toFixed(1)}x; ` +
      `target < ${TARGET_MS} ms: ${queuedMs < TARGET_MS && rows?.n === SUBSCRIBERS ? "ok" : "OVER"}`,
  );
}

console.log(`Newsletter campaign to ${SUBSCRIBERS} confirmed subscribers`);
console.log("\nPGlite (in memory)");
const pglite = await openPglite();
try {
  await run(pglite);
} finally {
  await pglite.close();
}
await onScratchPostgres("bench_campaigns", async (url) => {
  const database = await openPostgres(url);
  try {
    await run(database);
  } finally {
    await database.close();
  }
});
