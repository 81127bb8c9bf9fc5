import { asc, eq, inArray, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import {
  currentSeasons,
  hijriDate,
  SEASON_MESSAGES,
  type Season,
  type SeasonBanner,
  seasonBanner,
  seasonOpen,
  seasonProblems,
} from "../../../shared/domain/seasons.ts";
import type { SeasonDto, SeasonValues } from "../../../shared/schemas/calendar.ts";
import type { Db, Tx } from "../../db/client.ts";
import { seasonProducts, seasons } from "../../db/schema/calendar.ts";
import { products } from "../../db/schema/catalog.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";

/** The audit log's name for a season (the history screen filters on it). */
export const SEASON_ENTITY = "season";

type Cache = { get<T>(key: string, load: () => Promise<T>): Promise<T> };

/** Every season with its season-only products, earliest first (a small table: a few a year). */
export async function loadSeasons(db: Db | Tx): Promise<Season[]> {
  const [rows, links] = await Promise.all([
    db.select().from(seasons).orderBy(asc(seasons.firstDay)),
    db.select().from(seasonProducts).orderBy(asc(seasonProducts.productId)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    firstDay: row.firstDay,
    lastDay: row.lastDay,
    ordersOpen: row.ordersOpen,
    productIds: links.filter((l) => l.seasonId === row.id).map((l) => l.productId),
  }));
}

/**
 * The seasons as every quote and order reads them: loaded once per content version (the
 * seasons' tables move it on every write, on any instance).
 */
export function cachedSeasons(db: Db, cache: Cache): () => Promise<Season[]> {
  return () => cache.get("calendar:seasons", () => loadSeasons(db));
}

export function seasonToDto(season: Season, today: string): SeasonDto {
  return {
    id: season.id,
    name: season.nameEn,
    name_ar: season.nameAr,
    first_day: season.firstDay,
    last_day: season.lastDay,
    orders_open: season.ordersOpen,
    product_ids: [...season.productIds],
    open: seasonOpen(season, today),
    hijri: {
      first_day: { en: hijriDate(season.firstDay, "en"), ar: hijriDate(season.firstDay, "ar") },
      last_day: { en: hijriDate(season.lastDay, "en"), ar: hijriDate(season.lastDay, "ar") },
    },
  };
}

/** A season as the history shows it: the form's fields, the products as one list. */
function auditFields(season: Season): Record<string, unknown> {
  return {
    name: season.nameEn,
    name_ar: season.nameAr,
    first_day: season.firstDay,
    last_day: season.lastDay,
    orders_open: season.ordersOpen,
    product_ids: season.productIds.join(", "),
  };
}

/**
 * Season writes queue on one transaction-level advisory lock, so two owners saving
 * overlapping seasons at once cannot both pass the overlap check.
 */
async function lockSeasons(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(41, 0)`);
}

async function checkSeason(tx: Tx, values: SeasonValues, id: number | null): Promise<void> {
  const others = (await loadSeasons(tx)).filter((s) => s.id !== id);
  const problems = seasonProblems(
    { firstDay: values.first_day, lastDay: values.last_day, ordersOpen: values.orders_open },
    others,
  );
  if (values.product_ids.length > 0) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, values.product_ids));
    if (found.length !== values.product_ids.length)
      problems.product_ids = [SEASON_MESSAGES.PRODUCTS];
  }
  const first = Object.values(problems)[0];
  if (first) throw new HttpError(422, first[0]!, problems);
}

async function writeProducts(tx: Tx, seasonId: number, productIds: readonly number[]) {
  await tx.delete(seasonProducts).where(eq(seasonProducts.seasonId, seasonId));
  if (productIds.length > 0)
    await tx
      .insert(seasonProducts)
      .values(productIds.map((productId) => ({ seasonId, productId })));
}

async function seasonById(tx: Db | Tx, id: number): Promise<Season | null> {
  return (await loadSeasons(tx)).find((s) => s.id === id) ?? null;
}

const columns = (values: SeasonValues) => ({
  nameEn: values.name,
  nameAr: values.name_ar,
  firstDay: values.first_day,
  lastDay: values.last_day,
  ordersOpen: values.orders_open,
});

export function createSeasonService(db: Db, deps: { cache: Cache }) {
  const all = cachedSeasons(db, deps.cache);
  return {
    /** Every season (the quote, the order and the calendar read them through the cache). */
    all,

    /** `GET /api/admin/seasons`: every season, earliest first. */
    async list(now = new Date()): Promise<SeasonDto[]> {
      const today = businessDate(now);
      return (await loadSeasons(db)).map((s) => seasonToDto(s, today));
    },

    /** `GET /api/seasons`: the seasons open for orders and those to come, earliest first. */
    async current(now = new Date()): Promise<SeasonDto[]> {
      const today = businessDate(now);
      return currentSeasons(await all(), today).map((s) => seasonToDto(s, today));
    },

    /** The storefront's banner: the first season open for orders today, or null. */
    async banner(now = new Date()): Promise<SeasonBanner | null> {
      const today = businessDate(now);
      const open = (await all()).find((s) => seasonOpen(s, today));
      return open ? seasonBanner(open) : null;
    },

    async create(values: SeasonValues, actorId: number, now = new Date()): Promise<SeasonDto> {
      const season = await db.transaction(async (tx) => {
        await lockSeasons(tx);
        await checkSeason(tx, values, null);
        const [row] = await tx
          .insert(seasons)
          .values({ ...columns(values), createdAt: now, updatedAt: now })
          .returning({ id: seasons.id });
        await writeProducts(tx, row!.id, values.product_ids);
        const created = (await seasonById(tx, row!.id))!;
        await record(tx, {
          actorId,
          entity: SEASON_ENTITY,
          entityId: created.id,
          action: "create",
          changes: changesOnCreate(auditFields(created)),
        });
        return created;
      });
      return seasonToDto(season, businessDate(now));
    },

    /** The whole season each time; orders already placed keep the season they were given. */
    async update(
      id: number,
      values: SeasonValues,
      actorId: number,
      now = new Date(),
    ): Promise<SeasonDto> {
      const season = await db.transaction(async (tx) => {
        await lockSeasons(tx);
        const before = await seasonById(tx, id);
        if (!before) throw notFound(SEASON_MESSAGES.NOT_FOUND);
        await checkSeason(tx, values, id);
        await tx
          .update(seasons)
          .set({ ...columns(values), updatedAt: now })
          .where(eq(seasons.id, id));
        await writeProducts(tx, id, values.product_ids);
        const after = (await seasonById(tx, id))!;
        await record(tx, {
          actorId,
          entity: SEASON_ENTITY,
          entityId: id,
          action: "update",
          changes: changesBetween(auditFields(before), auditFields(after)),
        });
        return after;
      });
      return seasonToDto(season, businessDate(now));
    },

    /** Its orders stay, unmarked (the column is set to null); its products sell again any day. */
    async remove(id: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lockSeasons(tx);
        const before = await seasonById(tx, id);
        if (!before) throw notFound(SEASON_MESSAGES.NOT_FOUND);
        await tx.delete(seasons).where(eq(seasons.id, id));
        await record(tx, {
          actorId,
          entity: SEASON_ENTITY,
          entityId: id,
          action: "delete",
          changes: changesOnDelete(auditFields(before)),
        });
      });
    },
  };
}

export type SeasonService = ReturnType<typeof createSeasonService>;
