import { count, desc, eq, inArray } from "drizzle-orm";
import { lastPage } from "../../../shared/domain/pagination.ts";
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "../../../shared/domain/webhooks.ts";
import type { PageMeta } from "../../../shared/schemas/catalog.ts";
import type {
  WebhookCreateInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookUpdateInput,
} from "../../../shared/schemas/webhooks.ts";
import type { Db } from "../../db/client.ts";
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema/webhooks.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import { addressProblem } from "./address-guard.ts";

/** The events in the list's order, each once. */
const normaliseEvents = (events: readonly string[]) =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));

const hintOf = (secret: string) => `…${secret.slice(-4)}`;

/** What the history shows: the secret only as "changed" (audit redacts fields named secret). */
const auditFields = (row: Pick<WebhookEndpointRow, "url" | "events" | "secret">) => ({
  url: row.url,
  events: row.events.join(", "),
  secret: row.secret,
});

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    body: row.body,
  };
}

/**
 * The owner's webhook endpoints and their deliveries. Addresses inside the shop's
 * network are refused at save time (and again at send time by the worker) unless
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1). Every change is audited as entity "webhook".
 */
export function createWebhookService(db: Db, deps: { allowPrivate: boolean }) {
  async function checkUrl(value: string) {
    const problem = await addressProblem(new URL(value), deps.allowPrivate);
    if (problem) throw new HttpError(422, problem, { url: [problem] });
  }

  async function endpointDtos(rows: WebhookEndpointRow[]): Promise<WebhookEndpoint[]> {
    const ids = rows.map((row) => row.id);
    const latest = ids.length
      ? await db
          .selectDistinctOn([webhookDeliveries.endpointId], {
            endpointId: webhookDeliveries.endpointId,
            status: webhookDeliveries.status,
            responseStatus: webhookDeliveries.responseStatus,
            createdAt: webhookDeliveries.createdAt,
          })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.endpointId, ids))
          .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id))
      : [];
    return rows.map((row) => {
      const last = latest.find((l) => l.endpointId === row.id);
      return {
        id: row.id,
        url: row.url,
        events: row.events,
        secret_hint: hintOf(row.secret),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        last_delivery: last
          ? {
              status: last.status,
              response_status: last.responseStatus,
              created_at: last.createdAt.toISOString(),
            }
          : null,
      };
    });
  }

  async function found(id: number): Promise<WebhookEndpointRow> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound(WEBHOOK_MESSAGES.NOT_FOUND);
    return row;
  }

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
      return endpointDtos(rows);
    },

    async create(input: WebhookCreateInput, actorId: number): Promise<WebhookEndpoint> {
      await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({ url: input.url, secret: input.secret, events: normaliseEvents(input.events) })
          .returning();
        await record(tx, {
          actorId,
          entity: "webhook",
          entityId: created!.id,
          action: "create",
          changes: changesOnCreate(auditFields(created!)),
        });
        return created!;
      });
      return (await endpointDtos([row]))[0]!;
    },

    async update(id: number, input: WebhookUpdateInput, actorId: number): Promise<WebhookEndpoint> {
      await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, id))
          .for("update");
        if (!before) throw notFound(WEBHOOK_MESSAGES.NOT_FOUND);
        const [after] = await tx
          .update(webhookEndpoints)
          .set({
            url: input.url,
            events: normaliseEvents(input.events),
            ...(input.secret ? { secret: input.secret } : {}),
            updatedAt: new Date(),
          })
          .where(eq(webhookEndpoints.id, id))
          .returning();
        await record(tx, {
          actorId,
          entity: "webhook",
          entityId: id,
          action: "update",
          changes: changesBetween(auditFields(before), auditFields(after!)),
        });
        return after!;
      });
      return (await endpointDtos([row]))[0]!;
    },

    /** Deletes the endpoint and its deliveries (a pending one is never sent). */
    async remove(id: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(webhookEndpoints)
          .where(eq(webhookEndpoints.id, id))
          .returning();
        if (!gone) throw notFound(WEBHOOK_MESSAGES.NOT_FOUND);
        await record(tx, {
          actorId,
          entity: "webhook",
          entityId: id,
          action: "delete",
          changes: changesOnDelete(auditFields(gone)),
        });
      });
    },

    async deliveries(
      endpointId: number,
      query: { page: number; per_page: number },
    ): Promise<{ data: WebhookDelivery[]; meta: PageMeta }> {
      await found(endpointId);
      const where = eq(webhookDeliveries.endpointId, endpointId);
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(webhookDeliveries)
        .where(where);
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      return {
        data: rows.map(toDeliveryDto),
        meta: {
          page: query.page,
          per_page: query.per_page,
          total,
          last_page: lastPage(total, query.per_page),
        },
      };
    },

    /**
     * "Send again": the delivery is due now (a failed one is pending again). The worker sends
     * it; the request does not wait for the receiver. One more failure after the schedule is
     * used up marks it failed again.
     */
    async retry(id: number, now = new Date()): Promise<WebhookDelivery> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: now })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      if (!row) throw notFound(WEBHOOK_MESSAGES.DELIVERY_NOT_FOUND);
      return toDeliveryDto(row);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
