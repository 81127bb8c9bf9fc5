import { asc, eq, inArray } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import {
  isRunning,
  PROMOTION_MESSAGES,
  type Promotion,
  type PromotionRule,
} from "../../../shared/domain/promotions.ts";
import {
  type PromotionDto,
  type PromotionValues,
  ruleOfValues,
} from "../../../shared/schemas/promotions.ts";
import type { ContentCache } from "../../cache/content-cache.ts";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { type PromotionRow, promotions } from "../../db/schema/promotions.ts";
import { shippingZones } from "../../db/schema/shipping.ts";
import { notFound, unprocessable } from "../../http-errors.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import type { SettingsService } from "../settings/service.ts";

/** The audit log's name for a promotion. */
export const PROMOTION_ENTITY = "promotion";

/**
 * The stored rule as the domain's. The standing rule's percent is NULL: the settings'
 * cart discount, read at pricing time, so the settings page and this rule are one number.
 */
function ruleOf(row: PromotionRow, standingPercent: number): PromotionRule {
  // biome-ignore lint/suspicious/noExplicitAny: the stored JSON of the kind, written by `storedRule`
  const r = row.rule as Record<string, any>;
  switch (row.kind) {
    case "cart_percent":
      return { kind: "cart_percent", percent: (r.percent as number | null) ?? standingPercent };
    case "free_delivery":
      return {
        kind: "free_delivery",
        minSubtotalCents: r.minSubtotalCents,
        zoneIds: r.zoneIds ?? [],
      };
    case "volume":
      return { kind: "volume", target: r.target, tiers: r.tiers ?? [] };
    case "buy_get":
      return {
        kind: "buy_get",
        productId: r.productId,
        buyGrams: r.buyGrams,
        freeGrams: r.freeGrams,
      };
  }
}

export function promotionOf(row: PromotionRow, standingPercent: number): Promotion {
  return {
    id: Number(row.id),
    name: row.nameEn,
    nameAr: row.nameAr,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    rule: ruleOf(row, standingPercent),
  };
}

function toDto(row: PromotionRow, standingPercent: number, today: string): PromotionDto {
  const p = promotionOf(row, standingPercent);
  const rule = p.rule;
  return {
    id: p.id,
    name: p.name,
    name_ar: p.nameAr,
    kind: rule.kind,
    starts_on: p.startsOn,
    ends_on: p.endsOn,
    standing: row.standing,
    running: isRunning(p, today),
    percent: rule.kind === "cart_percent" ? rule.percent : null,
    min_subtotal: rule.kind === "free_delivery" ? centsToDollars(rule.minSubtotalCents) : null,
    zone_ids: rule.kind === "free_delivery" ? rule.zoneIds : [],
    target_type: rule.kind === "volume" ? rule.target.type : null,
    target_id: rule.kind === "volume" ? rule.target.id : null,
    tiers:
      rule.kind === "volume"
        ? rule.tiers.map((t) => ({
            min_grams: t.minGrams,
            percent: t.percent,
            amount: t.amountCents === null ? null : centsToDollars(t.amountCents),
          }))
        : [],
    product_id: rule.kind === "buy_get" ? rule.productId : null,
    buy_grams: rule.kind === "buy_get" ? rule.buyGrams : null,
    free_grams: rule.kind === "buy_get" ? rule.freeGrams : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the history shows of a promotion: its form's fields, the rule as one readable value. */
function auditFields(dto: PromotionDto): Record<string, unknown> {
  return {
    name: dto.name,
    name_ar: dto.name_ar,
    kind: dto.kind,
    starts_on: dto.starts_on,
    ends_on: dto.ends_on,
    percent: dto.percent,
    min_subtotal: dto.min_subtotal,
    zone_ids: dto.zone_ids.join(", "),
    target: dto.target_type ? `${dto.target_type} ${dto.target_id}` : null,
    tiers: dto.tiers
      .map((t) => `${t.min_grams} g: ${t.percent !== null ? `${t.percent}%` : t.amount}`)
      .join("; "),
    product_id: dto.product_id,
    buy_grams: dto.buy_grams,
    free_grams: dto.free_grams,
  };
}

export function createPromotionService(
  db: Db,
  deps: { cache: Pick<ContentCache, "get">; settings: Pick<SettingsService, "get"> },
) {
  const standingPercent = async () => (await deps.settings.get()).cartDiscountPercent;

  async function find(id: number): Promise<PromotionRow> {
    const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
    if (!row) throw notFound(PROMOTION_MESSAGES.NOT_FOUND);
    return row;
  }

  /** The product, category and zones a rule names must exist: a 422 on the field otherwise. */
  async function checkReferences(rule: PromotionRule): Promise<void> {
    if (rule.kind === "volume") {
      const table = rule.target.type === "category" ? categories : products;
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, rule.target.id));
      if (!row) throw unprocessable("target_id", PROMOTION_MESSAGES.TARGET_REQUIRED);
    }
    if (rule.kind === "buy_get") {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, rule.productId));
      if (!row) throw unprocessable("product_id", PROMOTION_MESSAGES.PRODUCT_REQUIRED);
    }
    if (rule.kind === "free_delivery" && rule.zoneIds.length > 0) {
      const rows = await db
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(inArray(shippingZones.id, rule.zoneIds));
      if (rows.length !== rule.zoneIds.length)
        throw unprocessable("zone_ids", PROMOTION_MESSAGES.ZONES);
    }
  }

  /** The rule as stored; the standing one keeps its percent NULL (it is the settings'). */
  const storedRule = (rule: PromotionRule, standing: boolean): Record<string, unknown> => {
    const { kind: _kind, ...fields } = rule;
    return standing && rule.kind === "cart_percent" ? { percent: null } : fields;
  };

  return {
    async list(now = new Date()): Promise<PromotionDto[]> {
      const [rows, percent] = await Promise.all([
        db.select().from(promotions).orderBy(asc(promotions.id)),
        standingPercent(),
      ]);
      const today = businessDate(now);
      return rows.map((row) => toDto(row, percent, today));
    },

    async get(id: number, now = new Date()): Promise<PromotionDto> {
      return toDto(await find(id), await standingPercent(), businessDate(now));
    },

    async create(values: PromotionValues, actorId: number | null): Promise<PromotionDto> {
      if (values.kind === "cart_percent" && values.percent == null)
        throw unprocessable("percent", PROMOTION_MESSAGES.PERCENT);
      const rule = ruleOfValues(values);
      await checkReferences(rule);
      // Read before the transaction: with one connection (PGlite) a read outside it would wait.
      const percent = await standingPercent();
      const today = businessDate(new Date());
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(promotions)
          .values({
            nameEn: values.name,
            nameAr: values.name_ar,
            kind: rule.kind,
            rule: storedRule(rule, false),
            startsOn: values.starts_on ?? null,
            endsOn: values.ends_on ?? null,
          })
          .returning();
        const dto = toDto(created!, percent, today);
        await record(tx, {
          actorId,
          entity: PROMOTION_ENTITY,
          entityId: dto.id,
          action: "create",
          changes: changesOnCreate(auditFields(dto)),
        });
        return created!;
      });
      return toDto(row, percent, today);
    },

    /**
     * A new version of the rule. The standing cart discount stays a cart discount: its name
     * and dates change here, its percent on the settings page.
     */
    async update(
      id: number,
      values: PromotionValues,
      actorId: number | null,
    ): Promise<PromotionDto> {
      const before = await find(id);
      if (before.standing && values.kind !== "cart_percent")
        throw unprocessable("kind", PROMOTION_MESSAGES.STANDING_KIND);
      if (!before.standing && values.kind === "cart_percent" && values.percent == null)
        throw unprocessable("percent", PROMOTION_MESSAGES.PERCENT);
      const rule = ruleOfValues(values);
      await checkReferences(rule);
      const percent = await standingPercent();
      const today = businessDate(new Date());
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(promotions)
          .set({
            nameEn: values.name,
            nameAr: values.name_ar,
            kind: rule.kind,
            rule: storedRule(rule, before.standing),
            startsOn: values.starts_on ?? null,
            endsOn: values.ends_on ?? null,
            updatedAt: new Date(),
          })
          .where(eq(promotions.id, id))
          .returning();
        if (!updated) throw notFound(PROMOTION_MESSAGES.NOT_FOUND);
        await record(tx, {
          actorId,
          entity: PROMOTION_ENTITY,
          entityId: id,
          action: "update",
          changes: changesBetween(
            auditFields(toDto(before, percent, today)),
            auditFields(toDto(updated, percent, today)),
          ),
        });
        return updated;
      });
      return toDto(row, percent, today);
    },

    async remove(id: number, actorId: number | null): Promise<void> {
      const before = await find(id);
      const percent = await standingPercent();
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(promotions)
          .where(eq(promotions.id, id))
          .returning({ id: promotions.id });
        if (gone.length === 0) throw notFound(PROMOTION_MESSAGES.NOT_FOUND);
        await record(tx, {
          actorId,
          entity: PROMOTION_ENTITY,
          entityId: id,
          action: "delete",
          changes: changesOnDelete(auditFields(toDto(before, percent, businessDate(new Date())))),
        });
      });
    },

    /**
     * What the cart page needs to price by itself before asking the server: the standing
     * discount's percent when it is the only rule and has no dates (else 0), and whether any
     * other rule exists (then the page asks `POST /api/cart/price`, which knows the catalogue
     * and today's date). Independent of the date, so a cached page stays right.
     */
    async cartPricing(): Promise<{ standingPercent: number; automatic: boolean }> {
      const [rows, percent] = await Promise.all([
        deps.cache.get("promotions:all", () =>
          db.select().from(promotions).orderBy(asc(promotions.id)),
        ),
        standingPercent(),
      ]);
      const standing = rows.find((row) => row.standing);
      const plain = standing && standing.startsOn === null && standing.endsOn === null;
      return {
        standingPercent: plain ? percent : 0,
        automatic: rows.some((row) => !row.standing) || (standing !== undefined && !plain),
      };
    },

    /**
     * Every promotion as the pricing code takes it (dates are checked there, against the
     * order's own day). Read through the content cache: a save shows on the next price.
     */
    async all(): Promise<Promotion[]> {
      const [rows, percent] = await Promise.all([
        deps.cache.get("promotions:all", () =>
          db.select().from(promotions).orderBy(asc(promotions.id)),
        ),
        standingPercent(),
      ]);
      return rows.map((row) => promotionOf(row, percent));
    },
  };
}
export type PromotionService = ReturnType<typeof createPromotionService>;
