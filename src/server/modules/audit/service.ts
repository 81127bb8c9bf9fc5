import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { lastPage } from "../../../shared/domain/pagination.ts";
import type { AuditEntry, AuditQuery } from "../../../shared/schemas/audit.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  type AuditAction,
  type AuditChange,
  type AuditRow,
  auditLog,
} from "../../db/schema/audit.ts";

export type { AuditAction, AuditChange };

/** A plain record of field values as the API shows them (snake_case keys, dollars). */
export type AuditFields = Record<string, unknown>;

export type AuditRecordInput = {
  /** The signed-in admin (request.session().user.id); null for system writes (seed, CLI). */
  actorId: number | null;
  entity: string;
  entityId: number | string;
  action: AuditAction;
  /**
   * The changed fields. Build them with `changesBetween(before, after)` (update),
   * `changesOnCreate(after)` or `changesOnDelete(before)`.
   */
  changes: AuditChange[];
};

/** Fields whose values never reach the log, whatever the caller passes. */
const SECRET_FIELD = /pass(word)?|token|secret|hash|api_?key|credential|smtp/i;
/** Long texts (descriptions, page bodies) are cut: the log says that they changed, not a copy. */
const MAX_TEXT = 500;

function safeValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  if (typeof value === "bigint") return value.toString();
  return value;
}

function sanitise(change: AuditChange): AuditChange {
  if (change.redacted || SECRET_FIELD.test(change.field)) {
    return { field: change.field, before: null, after: null, redacted: true };
  }
  return { field: change.field, before: safeValue(change.before), after: safeValue(change.after) };
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(safeValue(a) ?? null) === JSON.stringify(safeValue(b) ?? null);

/** The fields whose values differ, in the order of `after`'s keys then `before`'s. */
export function changesBetween(before: AuditFields, after: AuditFields): AuditChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** A new record: every field that has a value. */
export function changesOnCreate(after: AuditFields): AuditChange[] {
  return Object.entries(after)
    .filter(([, v]) => !isEmpty(v))
    .map(([field, v]) => ({ field, before: null, after: v }));
}

/** A deleted record: every field it had, so the history still says what was removed. */
export function changesOnDelete(before: AuditFields): AuditChange[] {
  return Object.entries(before)
    .filter(([, v]) => !isEmpty(v))
    .map(([field, v]) => ({ field, before: v, after: null }));
}

/**
 * Records one admin write. Call it with the transaction that makes the write, so the entry
 * exists exactly when the change does. An update that changed nothing is not recorded
 * (returns null). Secret fields are stored as "changed" without their values.
 */
export async function record(db: Db | Tx, input: AuditRecordInput): Promise<number | null> {
  if (input.action === "update" && input.changes.length === 0) return null;
  const actorName: SQL =
    input.actorId === null
      ? sql`''`
      : sql`coalesce((select ${users.name} from ${users} where ${users.id} = ${input.actorId}), '')`;
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: input.actorId,
      actorName,
      entity: input.entity,
      entityId: String(input.entityId),
      action: input.action,
      changes: input.changes.map(sanitise),
    })
    .returning({ id: auditLog.id });
  return row ? Number(row.id) : null;
}

function toEntry(row: AuditRow & { currentName: string | null }): AuditEntry {
  return {
    id: Number(row.id),
    entity: row.entity,
    entity_id: row.entityId,
    action: row.action,
    actor: {
      id: row.actorId === null ? null : Number(row.actorId),
      name: row.currentName ?? row.actorName,
    },
    changes: row.changes,
    created_at: row.createdAt.toISOString(),
  };
}

export function createAuditService(db: Db) {
  return {
    record: (input: AuditRecordInput, tx: Db | Tx = db) => record(tx, input),

    /** A record's history (or all entries of an entity, or everything), newest first. */
    async history(query: AuditQuery) {
      const filters = [
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.entity && query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
      ];
      const where = and(...filters);
      const [[counted], rows] = await Promise.all([
        db.select({ total: count() }).from(auditLog).where(where),
        db
          .select({
            id: auditLog.id,
            actorId: auditLog.actorId,
            actorName: auditLog.actorName,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            action: auditLog.action,
            changes: auditLog.changes,
            createdAt: auditLog.createdAt,
            currentName: users.name,
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
      ]);
      const total = Number(counted?.total ?? 0);
      return {
        data: rows.map(toEntry),
        meta: {
          page: query.page,
          per_page: query.per_page,
          total,
          last_page: lastPage(total, query.per_page),
        },
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
