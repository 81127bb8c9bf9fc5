import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/domain/business-time.ts";
import { countryName } from "../../../shared/domain/countries.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import {
  type Booked,
  type DayOverride,
  type DayScope,
  DISPATCH_HORIZON_DAYS,
  firstBookableDay,
  gramsByCategory,
  unlimited,
} from "../../../shared/domain/ready-days.ts";
import { cartSeason, type Season, seasonDays } from "../../../shared/domain/seasons.ts";
import {
  countryInOtherZoneMessage,
  countryRefusedMessage,
  countryZonedMessage,
  DOMESTIC_COUNTRY,
  SHIPPING_MESSAGES,
  type ShippingOptions,
  type ShippingRules,
  type ShippingZone,
  shippingOptions,
} from "../../../shared/domain/shipping.ts";
import type { DishLineInput } from "../../../shared/schemas/order.ts";
import { shippingProblemMessage } from "../../../shared/schemas/order.ts";
import { defaultShopSettings, type ShopSettings } from "../../../shared/schemas/settings.ts";
import type {
  CarrierDto,
  CarrierValues,
  ShippingQuote,
  ShippingZoneDto,
  ShippingZoneValues,
} from "../../../shared/schemas/shipping.ts";
import type { Db, Tx } from "../../db/client.ts";
import { settings } from "../../db/schema/settings.ts";
import {
  type CarrierRow,
  carriers,
  shippingRefusedCountries,
  shippingZoneCountries,
  shippingZones,
} from "../../db/schema/shipping.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import {
  bookedBetween,
  type CategoryCaps,
  loadCategoryCaps,
  loadOverrides,
} from "../calendar/capacity.ts";
import { dishOptions, dishQuoteBody, readDelivery } from "../kitchen/cart.ts";

/**
 * The days seasons add and bound: the days of every season open for orders join the window,
 * and a cart holding a season-only product is ready only within that product's season.
 */
export function seasonScope(
  seasons: readonly Season[],
  today: string,
  firstBookable: string,
  productIds: readonly number[],
): DayScope {
  const bound = cartSeason(seasons, productIds).season;
  return {
    extra: seasonDays(seasons, today, firstBookable),
    within: bound ? { from: bound.firstDay, to: bound.lastDay } : null,
  };
}

/** The audit log's names (the history screen filters on them). */
export const ZONE_ENTITY = "shipping_zone";
export const REFUSED_ENTITY = "shipping_refused";
export const CARRIER_ENTITY = "carrier";

type Cache = { get<T>(key: string, load: () => Promise<T>): Promise<T> };
type Settings = { get(): Promise<ShopSettings> };

export function zoneToDto(zone: ShippingZone): ShippingZoneDto {
  return {
    id: zone.id,
    name: zone.name,
    name_ar: zone.nameAr,
    countries: [...zone.countries],
    max_grams: zone.maxGrams,
    rates: zone.rates.map((r) => ({ up_to_grams: r.upToGrams, fee: centsToDollars(r.feeCents) })),
  };
}

export function carrierToDto(row: CarrierRow): CarrierDto {
  return {
    id: Number(row.id),
    name: row.nameEn,
    name_ar: row.nameAr,
    tracking_url: row.trackingUrl,
  };
}

/** A zone as the history shows it: the form's fields, lists as one readable value each. */
function zoneAuditFields(zone: ShippingZoneDto): Record<string, unknown> {
  return {
    name: zone.name,
    name_ar: zone.name_ar,
    countries: zone.countries.join(", "),
    max_grams: zone.max_grams,
    rates: zone.rates
      .map(
        (r) =>
          `${r.up_to_grams === null ? "above" : `up to ${r.up_to_grams} g`}: ${r.fee.toFixed(2)}`,
      )
      .join("; "),
  };
}

/** Every zone with its countries (sorted), and the refused list: the rules as data. */
export async function loadRules(db: Db | Tx): Promise<ShippingRules> {
  const [zoneRows, countryRows, refusedRows] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.id)),
    db.select().from(shippingZoneCountries).orderBy(asc(shippingZoneCountries.country)),
    db
      .select({ country: shippingRefusedCountries.country })
      .from(shippingRefusedCountries)
      .orderBy(asc(shippingRefusedCountries.country)),
  ]);
  const byZone = new Map<number, string[]>();
  for (const row of countryRows) {
    const list = byZone.get(Number(row.zoneId)) ?? [];
    list.push(row.country);
    byZone.set(Number(row.zoneId), list);
  }
  return {
    zones: zoneRows.map((row) => ({
      id: Number(row.id),
      name: row.nameEn,
      nameAr: row.nameAr,
      countries: byZone.get(Number(row.id)) ?? [],
      maxGrams: row.maxGrams,
      rates: row.rates.map((r) => ({ upToGrams: r.upToGrams, feeCents: r.feeCents })),
    })),
    refused: refusedRows.map((r) => r.country),
  };
}

/**
 * The domestic zone's first rate: what the cart page shows before a country is known
 * (the cart formula with the domestic fee). Undefined when no zone holds Syria.
 */
export function domesticFeeCents(rules: ShippingRules): number | undefined {
  return rules.zones.find((z) => z.countries.includes(DOMESTIC_COUNTRY))?.rates[0]?.feeCents;
}

/** The quote's answer for a set of options: money in dollars, refusals in both languages. */
export function quoteBody(options: ShippingOptions, country: string): ShippingQuote {
  if (!options.ok) {
    return {
      ok: false,
      reason: options.reason,
      message: shippingProblemMessage(options, country, "en"),
      message_ar: shippingProblemMessage(options, country, "ar"),
      ...(options.reason === "weight_limit" ? { max_grams: options.maxGrams } : {}),
    };
  }
  return {
    ok: true,
    methods: options.methods.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: m.name,
      name_ar: m.nameAr,
      fee: centsToDollars(m.feeCents),
      ...(m.days
        ? {
            days: m.days.map((date) =>
              m.slotsByDay ? { date, slots: m.slotsByDay[date] ?? [] } : { date },
            ),
          }
        : {}),
    })),
  };
}

/**
 * Keeps the delivery-fee setting equal to the domestic zone's first rate after a zone write
 * (the cart page shows it before a country is known). Same transaction.
 */
async function syncDomesticFeeSetting(tx: Tx): Promise<void> {
  const fee = domesticFeeCents(await loadRules(tx));
  if (fee === undefined) return;
  // A shop that never saved its settings has no row yet: it starts from the defaults.
  await tx
    .insert(settings)
    .values({ key: "shop", value: { ...defaultShopSettings, deliveryFeeCents: fee } })
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: sql`jsonb_set(${settings.value}, '{deliveryFeeCents}', to_jsonb(${fee}::integer))`,
      },
      setWhere: sql`(${settings.value}->>'deliveryFeeCents') IS DISTINCT FROM ${String(fee)}`,
    });
}

const validationError = (field: string, messages: string[]) =>
  new HttpError(422, messages[0]!, { [field]: messages });

/**
 * Zones, countries and the refused list are checked against each other, so a writer takes
 * both country tables for the transaction: two saves cannot each see the other's country as
 * free. (The country primary key would stop a double zone anyway; this gives the message.)
 */
async function lockCountries(tx: Tx): Promise<void> {
  await tx.execute(
    sql`LOCK TABLE ${shippingZoneCountries}, ${shippingRefusedCountries} IN EXCLUSIVE MODE`,
  );
}

/** A country may be in one zone and never on the refused list too: a 422 naming the other. */
async function checkZoneCountries(tx: Tx, countries: string[], zoneId: number | null) {
  if (countries.length === 0) return;
  const [taken, refused] = await Promise.all([
    tx
      .select({ country: shippingZoneCountries.country, zone: shippingZones.nameEn })
      .from(shippingZoneCountries)
      .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
      .where(
        and(
          inArray(shippingZoneCountries.country, countries),
          zoneId === null ? undefined : ne(shippingZoneCountries.zoneId, zoneId),
        ),
      )
      .orderBy(asc(shippingZoneCountries.country)),
    tx
      .select({ country: shippingRefusedCountries.country })
      .from(shippingRefusedCountries)
      .where(inArray(shippingRefusedCountries.country, countries))
      .orderBy(asc(shippingRefusedCountries.country)),
  ]);
  const messages = [
    ...taken.map((t) => countryInOtherZoneMessage(countryName(t.country, "en"), t.zone)),
    ...refused.map((r) => countryRefusedMessage(countryName(r.country, "en"))),
  ];
  if (messages.length > 0) throw validationError("countries", messages);
}

async function writeZoneCountries(tx: Tx, zoneId: number, countries: string[]) {
  await tx.delete(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, zoneId));
  if (countries.length > 0)
    await tx
      .insert(shippingZoneCountries)
      .values(countries.map((country) => ({ country, zoneId })));
}

function storedRates(values: ShippingZoneValues) {
  return values.rates.map((r) => ({ upToGrams: r.up_to_grams, feeCents: toCents(r.fee) }));
}

async function zoneDto(executor: Db | Tx, id: number): Promise<ShippingZoneDto | null> {
  const [row] = await executor.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!row) return null;
  const countryRows = await executor
    .select({ country: shippingZoneCountries.country })
    .from(shippingZoneCountries)
    .where(eq(shippingZoneCountries.zoneId, id))
    .orderBy(asc(shippingZoneCountries.country));
  return zoneToDto({
    id: Number(row.id),
    name: row.nameEn,
    nameAr: row.nameAr,
    countries: countryRows.map((r) => r.country),
    maxGrams: row.maxGrams,
    rates: row.rates,
  });
}

/**
 * The orders desk's change counter (orders' desk version), handed in by createServices: it
 * moves with every order written, cancelled or refunded, on any instance. Shipping sits below
 * orders, so it is given the counter rather than importing it.
 */
type OrdersVersion = () => Promise<{ changes: string } | null>;

export function createShippingService(
  db: Db,
  deps: {
    cache: Cache;
    settings: Settings;
    ordersVersion: OrdersVersion;
    /** The seasons (cached per content version), handed in: the calendar module owns them. */
    seasons?: () => Promise<Season[]>;
  },
) {
  // What is booked per ready day, kept while no order is written. A quote is only an offer:
  // the order's transaction counts again under the day's lock.
  const { ordersVersion } = deps;
  let bookedCache: { key: string; value: Map<string, Booked> } | null = null;
  async function bookedFrom(
    first: string,
    last: string,
    categoryIds: readonly number[],
  ): Promise<Map<string, Booked>> {
    const version = await ordersVersion();
    const key = version ? `${version.changes}|${first}|${last}|${categoryIds.join(",")}` : null;
    if (key && bookedCache?.key === key) return bookedCache.value;
    const value = await bookedBetween(db, first, last, undefined, categoryIds);
    if (key) bookedCache = { key, value };
    return value;
  }
  return {
    /** The rules every quote and order uses: read once per content version (any zone save moves it). */
    rules(): Promise<ShippingRules> {
      return deps.cache.get("shipping:rules", () => loadRules(db));
    },

    /** `GET /api/shipping`'s body, serialised once per content version. */
    publicJson(): Promise<string> {
      return deps.cache.get("shipping:public.json", async () => {
        const rules = await this.rules();
        return JSON.stringify({
          data: { zones: rules.zones.map(zoneToDto), refused: rules.refused },
        });
      });
    },

    /** The seasons, read once per content version; none when none were handed in. */
    seasons(): Promise<Season[]> {
      return deps.seasons ? deps.seasons() : Promise.resolve([]);
    },

    /** The owner's changed dates, read once per content version (a calendar save moves it). */
    overrides(): Promise<Map<string, DayOverride>> {
      return deps.cache.get("calendar:overrides", () => loadOverrides(db));
    },

    /** The categories' own daily caps and their products, read once per content version. */
    categoryCaps(): Promise<CategoryCaps> {
      return deps.cache.get("calendar:category-caps", () => loadCategoryCaps(db));
    },

    /**
     * Everything offered for this cart and country at `now` (methods in cents), each with the
     * days that still have room for it. What is booked is read only when some day has a limit,
     * so a shop without capacities quotes exactly as before, without the query.
     */
    async options(
      country: string,
      grams: number,
      now = new Date(),
      productIds: readonly number[] = [],
      /** The cart's lines (grams = weight x qty), for the categories' own daily caps. */
      lines: ReadonlyArray<{ productId: number; grams: number }> = [],
    ): Promise<ShippingOptions> {
      const [rules, settings, overrides, seasons, capped] = await Promise.all([
        this.rules(),
        deps.settings.get(),
        this.overrides(),
        this.seasons(),
        this.categoryCaps(),
      ]);
      // Only the caps of the cart's own categories can refuse a day for it.
      const cartByCategory =
        capped.caps.size > 0 ? gramsByCategory(lines, capped.productCategory) : new Map();
      const categoryCaps = cartByCategory.size > 0 ? capped.caps : undefined;
      const capacityRules = {
        closedWeekdays: settings.deliveryClosedWeekdays,
        cutoffHour: settings.deliveryCutoffHour,
        weekdayCapacity: settings.capacityGramsByWeekday,
        overrides,
        categoryCaps,
      };
      const first = firstBookableDay(now, settings.deliveryCutoffHour);
      const scope = seasonScope(seasons, businessDate(now), first, productIds);
      // Bookings as far as the dispatch horizon, or a season's last day beyond it.
      const horizon = addDays(first, DISPATCH_HORIZON_DAYS);
      const lastExtra = scope.extra?.at(-1);
      const last = lastExtra && lastExtra > horizon ? lastExtra : horizon;
      // Slots with a maximum count what is booked too.
      const slotLimits = [
        ...settings.deliverySlots.delivery,
        ...settings.deliverySlots.pickup,
      ].some((slot) => slot.maxOrders !== null);
      const booked =
        unlimited(capacityRules) && !slotLimits
          ? new Map()
          : await bookedFrom(
              first,
              last,
              [...cartByCategory.keys()].sort((a, b) => a - b),
            );
      return shippingOptions({
        rules,
        country,
        grams,
        locations: settings.locations,
        days: {
          closedWeekdays: settings.deliveryClosedWeekdays,
          cutoffHour: settings.deliveryCutoffHour,
        },
        now,
        capacity: {
          weekdayCapacity: settings.capacityGramsByWeekday,
          overrides,
          booked,
          categoryCaps,
          gramsByCategory: cartByCategory,
        },
        slots: settings.deliverySlots,
        scope,
      });
    },

    /**
     * `POST /api/shipping/quote`: the lines' weight is grams x qty, as the order counts it. A
     * cart with a dish is quoted the kitchen's way (areas, pickup at the kitchen, slots).
     */
    async quote(
      country: string,
      lines: ReadonlyArray<{ grams: number; qty: number; productId?: number | string }>,
      now = new Date(),
      dishes: readonly DishLineInput[] = [],
    ): Promise<ShippingQuote> {
      if (dishes.length > 0) {
        const [delivery, shop] = await Promise.all([
          deps.cache.get("kitchen:delivery", () => readDelivery(db)),
          deps.settings.get(),
        ]);
        return dishQuoteBody(await dishOptions(db, { country, dishes, delivery, shop, now }));
      }
      const grams = lines.reduce((sum, line) => sum + line.grams * line.qty, 0);
      const products = lines.flatMap((line) => {
        const productId = Number(line.productId);
        return Number.isInteger(productId) ? [{ productId, grams: line.grams * line.qty }] : [];
      });
      const productIds = products.map((line) => line.productId);
      return quoteBody(await this.options(country, grams, now, productIds, products), country);
    },

    // ---- Admin: zones ----

    async listZones(): Promise<ShippingZoneDto[]> {
      return (await loadRules(db)).zones.map(zoneToDto);
    },

    async createZone(values: ShippingZoneValues, actorId: number | null): Promise<ShippingZoneDto> {
      return db.transaction(async (tx) => {
        await lockCountries(tx);
        await checkZoneCountries(tx, values.countries, null);
        const [row] = await tx
          .insert(shippingZones)
          .values({
            nameEn: values.name,
            nameAr: values.name_ar,
            maxGrams: values.max_grams,
            rates: storedRates(values),
          })
          .returning({ id: shippingZones.id });
        const id = Number(row!.id);
        await writeZoneCountries(tx, id, values.countries);
        const dto = (await zoneDto(tx, id))!;
        await syncDomesticFeeSetting(tx);
        await record(tx, {
          actorId,
          entity: ZONE_ENTITY,
          entityId: id,
          action: "create",
          changes: changesOnCreate(zoneAuditFields(dto)),
        });
        return dto;
      });
    },

    async updateZone(
      id: number,
      values: ShippingZoneValues,
      actorId: number | null,
    ): Promise<ShippingZoneDto> {
      return db.transaction(async (tx) => {
        await lockCountries(tx);
        const before = await zoneDto(tx, id);
        if (!before) throw notFound(SHIPPING_MESSAGES.ZONE_NOT_FOUND);
        await checkZoneCountries(tx, values.countries, id);
        await tx
          .update(shippingZones)
          .set({
            nameEn: values.name,
            nameAr: values.name_ar,
            maxGrams: values.max_grams,
            rates: storedRates(values),
            updatedAt: new Date(),
          })
          .where(eq(shippingZones.id, id));
        await writeZoneCountries(tx, id, values.countries);
        const after = (await zoneDto(tx, id))!;
        await syncDomesticFeeSetting(tx);
        await record(tx, {
          actorId,
          entity: ZONE_ENTITY,
          entityId: id,
          action: "update",
          changes: changesBetween(zoneAuditFields(before), zoneAuditFields(after)),
        });
        return after;
      });
    },

    /** Orders keep their own snapshot of the zone, so deleting one never changes them. */
    async deleteZone(id: number, actorId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        await lockCountries(tx);
        const before = await zoneDto(tx, id);
        if (!before) throw notFound(SHIPPING_MESSAGES.ZONE_NOT_FOUND);
        await tx.delete(shippingZones).where(eq(shippingZones.id, id));
        await syncDomesticFeeSetting(tx);
        await record(tx, {
          actorId,
          entity: ZONE_ENTITY,
          entityId: id,
          action: "delete",
          changes: changesOnDelete(zoneAuditFields(before)),
        });
      });
    },

    // ---- Admin: refused countries ----

    async refused(): Promise<string[]> {
      return (await loadRules(db)).refused;
    },

    async setRefused(countries: string[], actorId: number | null): Promise<string[]> {
      const next = [...countries].sort();
      return db.transaction(async (tx) => {
        await lockCountries(tx);
        if (next.length > 0) {
          const zoned = await tx
            .select({ country: shippingZoneCountries.country, zone: shippingZones.nameEn })
            .from(shippingZoneCountries)
            .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
            .where(inArray(shippingZoneCountries.country, next))
            .orderBy(asc(shippingZoneCountries.country));
          if (zoned.length > 0)
            throw validationError(
              "countries",
              zoned.map((z) => countryZonedMessage(countryName(z.country, "en"), z.zone)),
            );
        }
        const before = (
          await tx
            .select({ country: shippingRefusedCountries.country })
            .from(shippingRefusedCountries)
            .orderBy(asc(shippingRefusedCountries.country))
        ).map((r) => r.country);
        if (before.join() === next.join()) return next;
        await tx.delete(shippingRefusedCountries);
        if (next.length > 0)
          await tx.insert(shippingRefusedCountries).values(next.map((country) => ({ country })));
        await record(tx, {
          actorId,
          entity: REFUSED_ENTITY,
          entityId: "refused",
          action: "update",
          changes: changesBetween({ countries: before.join(", ") }, { countries: next.join(", ") }),
        });
        return next;
      });
    },

    // ---- Admin: carriers ----

    async listCarriers(): Promise<CarrierDto[]> {
      const rows = await db.select().from(carriers).orderBy(asc(carriers.id));
      return rows.map(carrierToDto);
    },

    async carrier(executor: Db | Tx, id: number): Promise<CarrierRow | undefined> {
      const [row] = await executor.select().from(carriers).where(eq(carriers.id, id));
      return row;
    },

    async createCarrier(values: CarrierValues, actorId: number | null): Promise<CarrierDto> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(carriers)
          .values({ nameEn: values.name, nameAr: values.name_ar, trackingUrl: values.tracking_url })
          .returning();
        const dto = carrierToDto(row!);
        await record(tx, {
          actorId,
          entity: CARRIER_ENTITY,
          entityId: dto.id,
          action: "create",
          changes: changesOnCreate({
            name: dto.name,
            name_ar: dto.name_ar,
            tracking_url: dto.tracking_url,
          }),
        });
        return dto;
      });
    },

    async updateCarrier(
      id: number,
      values: CarrierValues,
      actorId: number | null,
    ): Promise<CarrierDto> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(carriers).where(eq(carriers.id, id)).for("update");
        if (!current) throw notFound(SHIPPING_MESSAGES.CARRIER_NOT_FOUND);
        const [row] = await tx
          .update(carriers)
          .set({
            nameEn: values.name,
            nameAr: values.name_ar,
            trackingUrl: values.tracking_url,
            updatedAt: new Date(),
          })
          .where(eq(carriers.id, id))
          .returning();
        const before = carrierToDto(current);
        const after = carrierToDto(row!);
        const { id: _b, ...beforeFields } = before;
        const { id: _a, ...afterFields } = after;
        await record(tx, {
          actorId,
          entity: CARRIER_ENTITY,
          entityId: id,
          action: "update",
          changes: changesBetween(beforeFields, afterFields),
        });
        return after;
      });
    },

    /** Shipped orders keep the carrier's name and link template they were given. */
    async deleteCarrier(id: number, actorId: number | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(carriers).where(eq(carriers.id, id)).returning();
        if (!row) throw notFound(SHIPPING_MESSAGES.CARRIER_NOT_FOUND);
        const { id: _id, ...fields } = carrierToDto(row);
        await record(tx, {
          actorId,
          entity: CARRIER_ENTITY,
          entityId: id,
          action: "delete",
          changes: changesOnDelete(fields),
        });
      });
    },
  };
}
export type ShippingService = ReturnType<typeof createShippingService>;
