import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { isExpired } from "../../../shared/domain/coupons.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import {
  ADMIN_MESSAGES,
  type AdminCoupon,
  type AdminListQuery,
  type CouponValues,
} from "../../../shared/schemas/admin-catalog.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type CouponRow, coupons } from "../../db/schema/coupons.ts";
import { notFound, unprocessable } from "../../http-errors.ts";
import {
  type AuditFields,
  changesBetween,
  changesOnCreate,
  changesOnDelete,
  record,
} from "../audit/service.ts";

const dateOnly = (value: string | null) => (value === null ? null : value.slice(0, 10));

function couponDto(row: CouponRow, now: Date): AdminCoupon {
  const expireAt = dateOnly(row.expireAt);
  return {
    id: Number(row.id),
    code: row.code,
    discount_percent: row.discountPercent,
    max_uses: row.maxUses,
    expire_at: expireAt,
    applies_to: row.appliesTo,
    uses: row.uses,
    expired: isExpired(expireAt, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const couponAudit = (c: AdminCoupon): AuditFields => ({
  code: c.code,
  discount_percent: c.discount_percent,
  max_uses: c.max_uses,
  expire_at: c.expire_at,
  applies_to: c.applies_to,
});

const contains = (needle: string) => `%${needle.replace(/[\\%_]/g, "\\$&")}%`;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: unknown };
  return e?.code === "23505" || (e?.cause ? isUniqueViolation(e.cause) : false);
}

function isCheckViolation(error: unknown, name: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === "23514" && e.constraint === name) return true;
  return e?.cause ? isCheckViolation(e.cause, name) : false;
}

/** The coupons screen's API (`/api/admin/copouns`, the original misspelling, and `/coupons`). */
export function createCouponAdminService(db: Db) {
  async function find(id: number, tx: Db | Tx = db): Promise<CouponRow> {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound("Coupon not found.");
    return row;
  }

  async function codeTaken(tx: Tx, code: string, exceptId: number | null) {
    const [row] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(
        and(
          sql`upper(${coupons.code}) = upper(${code})`,
          exceptId === null ? undefined : sql`${coupons.id} <> ${exceptId}`,
        ),
      );
    if (row) throw unprocessable("code", ADMIN_MESSAGES.CODE_TAKEN);
  }

  /** Constraint races (two admins, one code) end as the same 422 as the pre-check. */
  function translate(error: unknown): never {
    if (isUniqueViolation(error)) throw unprocessable("code", ADMIN_MESSAGES.CODE_TAKEN);
    if (isCheckViolation(error, "coupons_uses_check")) {
      throw unprocessable("max_uses", ADMIN_MESSAGES.MAX_USES_BELOW_USES);
    }
    throw error;
  }

  const columns = (v: CouponValues) => ({
    code: v.code,
    discountPercent: v.discount_percent,
    maxUses: v.max_uses,
    expireAt: v.expire_at,
    ...(v.applies_to ? { appliesTo: v.applies_to } : {}),
  });

  return {
    /** Newest first; `search` matches the code (case-insensitive). */
    async list(q: AdminListQuery, now = new Date()) {
      const needle = q.search?.trim();
      const where: SQL | undefined = needle
        ? sql`upper(${coupons.code}) like upper(${contains(needle)})`
        : undefined;
      const [[counted], rows] = await Promise.all([
        db.select({ total: count() }).from(coupons).where(where),
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(desc(coupons.createdAt), desc(coupons.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
      ]);
      const total = Number(counted?.total ?? 0);
      return {
        data: rows.map((r) => couponDto(r, now)),
        meta: { page: q.page, per_page: q.per_page, total, last_page: lastPage(total, q.per_page) },
      };
    },

    async get(id: number, now = new Date()) {
      return couponDto(await find(id), now);
    },

    async create(values: CouponValues, actorId: number | null, now = new Date()) {
      return db
        .transaction(async (tx) => {
          await codeTaken(tx, values.code, null);
          const [row] = await tx.insert(coupons).values(columns(values)).returning();
          const dto = couponDto(row!, now);
          await record(tx, {
            actorId,
            entity: "coupon",
            entityId: dto.id,
            action: "create",
            changes: changesOnCreate(couponAudit(dto)),
          });
          return dto;
        })
        .catch(translate);
    },

    async update(id: number, values: CouponValues, actorId: number | null, now = new Date()) {
      return db
        .transaction(async (tx) => {
          const before = couponDto(await find(id, tx), now);
          await codeTaken(tx, values.code, id);
          if (values.max_uses !== null && values.max_uses < before.uses) {
            throw unprocessable(
              "max_uses",
              `${ADMIN_MESSAGES.MAX_USES_BELOW_USES} (${before.uses})`,
            );
          }
          const [row] = await tx
            .update(coupons)
            .set({ ...columns(values), updatedAt: new Date() })
            .where(eq(coupons.id, id))
            .returning();
          const after = couponDto(row!, now);
          await record(tx, {
            actorId,
            entity: "coupon",
            entityId: id,
            action: "update",
            changes: changesBetween(couponAudit(before), couponAudit(after)),
          });
          return after;
        })
        .catch(translate);
    },

    /** Orders keep the code they were placed with (orders.coupon_code is text, not a key). */
    async remove(id: number, actorId: number | null, now = new Date()) {
      await db.transaction(async (tx) => {
        const before = couponDto(await find(id, tx), now);
        await tx.delete(coupons).where(eq(coupons.id, id));
        await record(tx, {
          actorId,
          entity: "coupon",
          entityId: id,
          action: "delete",
          changes: changesOnDelete({ ...couponAudit(before), uses: before.uses }),
        });
      });
    },
  };
}
export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
