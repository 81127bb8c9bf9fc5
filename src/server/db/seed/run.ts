import { eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Services } from "../../services.ts";
import type { Database } from "../client.ts";
import { settings } from "../schema/settings.ts";
import { seedCatalog } from "./catalog.ts";

const SEEDED_KEY = "demo_seeded_at";

/** One step of the demo data; each issue that owns tables adds its own step here. */
export type SeedStep = (ctx: {
  database: Database;
  services: Services;
  config: Config;
}) => Promise<void>;

const steps: SeedStep[] = [
  async ({ services }) => {
    // Writing the settings row makes the demo contact details visible in the back office.
    await services.settings.update({});
  },
  // Demo catalog: categories, products with weight options, drawn images as uploads.
  async ({ database, config }) => {
    await seedCatalog(database.db, { uploadsDir: config.uploadsDir });
  },
  // Demo coupons: one active 10%, one active 30%, one expired.
  ({ services }) => services.coupons.seedDemo(),
  // Demo kitchen dishes: bilingual, some every day, some on set weekdays.
  ({ services }) => services.kitchen.seedDemo(),
];

/** Demo data goes in on the first start only; a shop owner's edits are never overwritten. */
export async function seedOnFirstStart(ctx: Parameters<SeedStep>[0]): Promise<boolean> {
  const { db } = ctx.database;
  const [done] = await db.select().from(settings).where(eq(settings.key, SEEDED_KEY));
  if (done || !ctx.config.seedDemo) return false;
  for (const step of steps) await step(ctx);
  await db
    .insert(settings)
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflictDoNothing();
  return true;
}
