import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { businessDayStart, nextDay } from "../../../shared/domain/business-days.ts";
import { slotLabel } from "../../../shared/domain/delivery-slots.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { deskSearchTerm } from "../../../shared/domain/order-lookup.ts";
import { messageKindForStatus, orderStateMessage } from "../../../shared/domain/order-messages.ts";
import {
  canTransition,
  nextStatuses,
  type OrderStatus,
  returnsStock,
} from "../../../shared/domain/order-states.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import { messagingDigits } from "../../../shared/domain/phone.ts";
import { HOME_DELIVERY, SHIPPING_MESSAGES } from "../../../shared/domain/shipping.ts";
import type {
  AdminOrderDetail,
  AdminOrderFilters,
  AdminOrderListItem,
  AdminOrderPayment,
  TimelineEntry,
} from "../../../shared/schemas/admin-order.ts";
import type { PageMeta } from "../../../shared/schemas/catalog.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  type OrderRow,
  orderChanges,
  orderEvents,
  orderPayments,
  orderReceipts,
  orders,
} from "../../db/schema/orders.ts";
import { orderDesk, orderNotes } from "../../db/schema/orders-desk.ts";
import { carriers } from "../../db/schema/shipping.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { refundGiftCard, takeBackBoughtCards } from "../gift-cards/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";
import { markOrderPaid, ORDER_NOT_FOUND } from "./admin-payments.ts";
import { returnReservedStock } from "./cancel.ts";
import { createDeskVersion } from "./desk-version.ts";
import {
  lineAllergens,
  loadOrderParts,
  orderSeason,
  orderShipping,
  receiptLinks,
  toOrderDto,
} from "./dto.ts";
import { issueOrderDocument } from "./invoices.ts";
import { orderPathWithNewKey } from "./lookup.ts";
import { enqueueOrderStatusMail, type OrderMail } from "./order-status-mail.ts";

/** `LIKE` treats % and _ as wildcards; a search for "50%" means the characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE of the list and the export: status, payment status, Asia/Damascus day range,
 * folded search.
 */
export function filterWhere(filters: AdminOrderFilters): SQL | undefined {
  return and(
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.payment_status ? eq(orders.paymentStatus, filters.payment_status) : undefined,
    filters.from ? gte(orders.createdAt, businessDayStart(filters.from)) : undefined,
    filters.to ? lt(orders.createdAt, businessDayStart(nextDay(filters.to))) : undefined,
    filters.ready_date ? eq(orders.readyDate, filters.ready_date) : undefined,
    filters.season_id ? eq(orders.seasonId, filters.season_id) : undefined,
    // Folded by the same SQL function the trigger used on the stored text (migration 0006).
    filters.q
      ? sql`${orderDesk.searchText} like '%' || order_search_fold(${escapeLike(deskSearchTerm(filters.q))}) || '%'`
      : undefined,
  );
}

/**
 * Newest first, written as `orders_created_idx` is declared (drizzle's `.desc()` on an index
 * means DESC NULLS LAST; a plain DESC is NULLS FIRST, which PostgreSQL will not read from that
 * index and sorts every row instead).
 */
export const newestFirst = [
  sql`${orders.createdAt} desc nulls last`,
  sql`${orders.id} desc nulls last`,
] as const;

/**
 * What the list keeps in memory, all under the orders desk's version (./desk-version.ts), so a
 * write by anyone is seen on the next request: whole answers (JSON, under every write), and
 * per filter its count and the sort keys where served pages ended (under the writes that can
 * change them; an admin opening an order only changes answers).
 */
const ANSWER_CACHE_SIZE = 500;
const FILTER_CACHE_SIZE = 200;
const BOUNDARIES_PER_FILTER = 2000;
/** An offset longer than this walks the index for ids alone, then reads only the page's rows. */
const DEFERRED_JOIN_FROM = 100;

/** Where a served page ended: `created_at` as text keeps its microseconds (a Date has ms). */
type Cursor = { at: string; id: number };
type FilterState = {
  total?: Promise<number>;
  /** Rows before a seek point -> the sort key of the last of them. */
  boundaries: Map<number, Cursor>;
};

const listColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  name: orders.name,
  phone: orders.phone,
  email: orders.email,
  country: orders.country,
  totalCents: orders.totalCents,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  lang: orders.lang,
  createdAt: orders.createdAt,
  seenAt: orderDesk.seenAt,
  shippingKind: orders.shippingKind,
  shippingMethodName: orders.shippingMethodName,
  shippingMethodNameAr: orders.shippingMethodNameAr,
  shippingZoneName: orders.shippingZoneName,
  shippingZoneNameAr: orders.shippingZoneNameAr,
  deliveryDate: orders.deliveryDate,
  readyDate: orders.readyDate,
  slot: orders.slot,
  seasonId: orders.seasonId,
  seasonName: orders.seasonName,
  seasonNameAr: orders.seasonNameAr,
  source: orders.source,
  gift: orders.gift,
};
type ListRow = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] | null;
} & { id: number; createdAt: Date };

function toListItem(row: ListRow): AdminOrderListItem {
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    number: row.number!,
    order: row.number!,
    date: created,
    status: row.status!,
    customer: row.name!,
    phone: row.phone!,
    email: row.email,
    country: row.country!,
    total: centsToDollars(row.totalCents!),
    payment_method: row.paymentMethod!,
    payment_status: row.paymentStatus ?? "unpaid",
    lang: row.lang!,
    is_new: row.seenAt === null,
    created_at: created,
    shipping_kind: row.shippingKind ?? "delivery",
    shipping_name: row.shippingMethodName ?? HOME_DELIVERY.name,
    shipping_name_ar: row.shippingMethodNameAr ?? HOME_DELIVERY.nameAr,
    shipping_zone: row.shippingZoneName,
    shipping_zone_ar: row.shippingZoneNameAr,
    delivery_date: row.deliveryDate,
    ready_date: row.readyDate,
    slot: slotLabel(row.slot),
    season: orderSeason(row),
    source: row.source ?? "web",
    gift: row.gift !== null,
  };
}

/** "admin:12" / "customer" / "system" / "gateway:stripe" as stored on events and payments. */
function parseActor(actor: string): {
  kind: "customer" | "admin" | "system" | "gateway";
  id: number | null;
  provider?: string;
} {
  const admin = /^admin:(\d+)$/.exec(actor);
  if (admin) return { kind: "admin", id: Number(admin[1]) };
  const gateway = /^gateway:(.+)$/.exec(actor);
  if (gateway) return { kind: "gateway", id: null, provider: gateway[1]! };
  return { kind: actor === "customer" ? "customer" : "system", id: null };
}

/** The timeline's actor: an admin by name, a gateway by its provider's name. */
function actorWithName(
  actor: ReturnType<typeof parseActor>,
  names: ReadonlyMap<number, string>,
): TimelineEntry["actor"] {
  return {
    kind: actor.kind,
    id: actor.id,
    name: actor.provider ?? (actor.id === null ? null : (names.get(actor.id) ?? null)),
  };
}

export function createAdminOrderService(
  db: Db,
  deps: {
    settings: SettingsService;
    /** Set when the shop sends e-mail (SMTP_URL): the customer hears of each move. */
    mail?: OrderMail;
  },
) {
  const version = createDeskVersion(db);
  let answersVersion = "";
  const answers = new Map<string, Promise<string>>();
  let filtersVersion = "";
  const filters = new Map<string, FilterState>();
  let statusCounts: { version: string; counts: Promise<Map<string, number>> } | null = null;
  /** Answers served from memory and computed (bench:orders reports the share). */
  const served = { hits: 0, misses: 0 };

  function filterState(changes: string, key: string): FilterState {
    if (filtersVersion !== changes) {
      filters.clear();
      filtersVersion = changes;
    }
    let state = filters.get(key);
    if (!state) {
      if (filters.size >= FILTER_CACHE_SIZE) filters.delete(filters.keys().next().value!);
      state = { boundaries: new Map() };
      filters.set(key, state);
    }
    return state;
  }

  // Counting 100,000 rows costs more than the page itself. The unfiltered list and the status
  // tabs share one grouped count (one pass instead of seven).
  function countOf(
    query: AdminOrderFilters,
    where: SQL | undefined,
    state: FilterState | null,
  ): Promise<number> {
    if (state?.total) return state.total;
    let total: Promise<number>;
    if (!query.q && !query.from && !query.to && !query.payment_status) {
      total = byStatus(state ? filtersVersion : null).then((counts) =>
        query.status
          ? (counts.get(query.status) ?? 0)
          : [...counts.values()].reduce((a, b) => a + b, 0),
      );
    } else {
      // A search alone counts desk rows only: each belongs to exactly one order (primary key
      // and cascading foreign key), so the join to orders would only add a lookup per match.
      const counted =
        query.q && !query.status && !query.payment_status && !query.from && !query.to
          ? db.select({ total: count() }).from(orderDesk).where(where)
          : query.q
            ? db
                .select({ total: count() })
                .from(orders)
                .innerJoin(orderDesk, eq(orderDesk.orderId, orders.id))
                .where(where)
            : db.select({ total: count() }).from(orders).where(where);
      total = counted.then(([row]) => row?.total ?? 0);
    }
    if (state) {
      state.total = total;
      total.catch(() => {
        if (state.total === total) state.total = undefined;
      });
    }
    return total;
  }

  function byStatus(changes: string | null): Promise<Map<string, number>> {
    if (changes !== null && statusCounts?.version === changes) return statusCounts.counts;
    const counts = db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status)
      .then((rows) => new Map(rows.map((row) => [row.status as string, row.n])));
    if (changes !== null) {
      const entry = { version: changes, counts };
      statusCounts = entry;
      counts.catch(() => {
        if (statusCounts === entry) statusCounts = null;
      });
    }
    return counts;
  }

  /**
   * One page, newest first. A page's offset starts from the nearest known boundary before it
   * (a seek: `(created_at, id) < boundary` reads from there in the index), so paging on reads
   * only the page; what offset is left, if long, walks the index for ids before any row.
   */
  async function pageRows(
    query: AdminOrderFilters & { page: number; per_page: number },
    where: SQL | undefined,
    state: FilterState | null,
  ): Promise<ListRow[]> {
    const offset = (query.page - 1) * query.per_page;
    let from = 0;
    let seek: Cursor | undefined;
    if (state && offset > 0) {
      for (const [rowsBefore, cursor] of state.boundaries) {
        if (rowsBefore <= offset && rowsBefore > from) {
          from = rowsBefore;
          seek = cursor;
        }
      }
    }
    const after = seek
      ? sql`(${orders.createdAt}, ${orders.id}) < (${seek.at}::timestamptz, ${seek.id})`
      : undefined;
    const skip = offset - from;
    const columns = { ...listColumns, cursor: sql<string>`${orders.createdAt}::text` };
    let rows: Array<ListRow & { cursor: string }>;
    if (skip >= DEFERRED_JOIN_FROM) {
      const idsQuery = db.select({ id: orders.id }).from(orders);
      const ids = (
        query.q ? idsQuery.innerJoin(orderDesk, eq(orderDesk.orderId, orders.id)) : idsQuery
      )
        .where(and(where, after))
        .orderBy(...newestFirst)
        .limit(query.per_page)
        .offset(skip);
      rows = (await db
        .select(columns)
        .from(orders)
        .leftJoin(orderDesk, eq(orderDesk.orderId, orders.id))
        .where(inArray(orders.id, ids))
        .orderBy(...newestFirst)) as typeof rows;
    } else {
      rows = (await db
        .select(columns)
        .from(orders)
        .leftJoin(orderDesk, eq(orderDesk.orderId, orders.id))
        .where(and(where, after))
        .orderBy(...newestFirst)
        .limit(query.per_page)
        .offset(skip)) as typeof rows;
    }
    const last = rows[rows.length - 1];
    if (state && last && state.boundaries.size < BOUNDARIES_PER_FILTER) {
      state.boundaries.set(offset + rows.length, { at: last.cursor, id: last.id });
    }
    return rows;
  }

  async function loadList(
    query: AdminOrderFilters & { page: number; per_page: number },
    changes: string | null,
  ): Promise<{ data: AdminOrderListItem[]; meta: PageMeta }> {
    const where = filterWhere(query);
    const state =
      changes === null
        ? null
        : filterState(
            changes,
            JSON.stringify([query.status, query.payment_status, query.from, query.to, query.q]),
          );
    const [total, rows] = await Promise.all([
      countOf(query, where, state),
      pageRows(query, where, state),
    ]);
    return {
      data: rows.map(toListItem),
      meta: {
        page: query.page,
        per_page: query.per_page,
        total,
        last_page: lastPage(total, query.per_page),
      },
    };
  }

  return {
    /** Newest first, server-side pages; `is_new` until an admin first opens the order. */
    async list(
      query: AdminOrderFilters & { page: number; per_page: number },
    ): Promise<{ data: AdminOrderListItem[]; meta: PageMeta }> {
      const current = await version();
      return loadList(query, current?.changes ?? null);
    },

    /**
     * `list()` as JSON text, each answer computed once per orders desk version (the route
     * sends the text as it is). The version is read before loading, so an answer is never
     * filed under a version newer than the data it saw; concurrent misses share one load.
     */
    async listJson(query: AdminOrderFilters & { page: number; per_page: number }): Promise<string> {
      const current = await version();
      if (!current) return JSON.stringify(await loadList(query, null));
      if (answersVersion !== current.all) {
        answers.clear();
        answersVersion = current.all;
      }
      const key = JSON.stringify([
        query.status,
        query.payment_status,
        query.from,
        query.to,
        query.q,
        query.page,
        query.per_page,
      ]);
      const hit = answers.get(key);
      if (hit) {
        served.hits++;
        return hit;
      }
      served.misses++;
      const json = loadList(query, current.changes).then((page) => JSON.stringify(page));
      if (answers.size >= ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
      answers.set(key, json);
      json.catch(() => {
        if (answers.get(key) === json) answers.delete(key);
      });
      return json;
    },

    /** Answers served from memory and computed since start (bench:orders). */
    answerStats(): { hits: number; misses: number } {
      return { ...served };
    },

    /**
     * The filtered list in batches (keyset on created_at, id), newest first: memory stays at
     * one batch however many orders match, and each batch is one short query.
     */
    async *listAll(
      filters: AdminOrderFilters,
      batchSize = 500,
    ): AsyncGenerator<AdminOrderListItem[]> {
      const where = filterWhere(filters);
      let cursor: { at: string; id: number } | null = null;
      for (;;) {
        const after: SQL | undefined = cursor
          ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
          : undefined;
        const rows = (await db
          .select({ ...listColumns, cursor: sql<string>`${orders.createdAt}::text` })
          .from(orders)
          .leftJoin(orderDesk, eq(orderDesk.orderId, orders.id))
          .where(and(where, after))
          .orderBy(...newestFirst)
          .limit(batchSize)) as Array<ListRow & { cursor: string }>;
        if (rows.length === 0) return;
        yield rows.map(toListItem);
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1]!;
        cursor = { at: last.cursor, id: last.id };
      }
    },

    /** The whole order with its timeline; the first admin to open it clears the new mark. */
    async detail(id: number, viewerId?: number): Promise<AdminOrderDetail> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      if (viewerId !== undefined) {
        await db
          .insert(orderDesk)
          .values({ orderId: id, seenAt: new Date(), seenBy: viewerId })
          .onConflictDoUpdate({
            target: orderDesk.orderId,
            set: { seenAt: new Date(), seenBy: viewerId },
            setWhere: sql`${orderDesk.seenAt} is null`,
          });
      }
      return buildDetail(row);
    },

    /**
     * The order state machine: an illegal move is a 422 naming both states. The row is
     * locked first, so two admins clicking at once cannot both cancel (and return stock twice).
     */
    async changeStatus(
      id: number,
      change: {
        status: OrderStatus;
        note: string | null;
        carrier?: number | null;
        tracking_number?: string | null;
      },
      adminId: number,
      now = new Date(),
    ): Promise<AdminOrderDetail> {
      const carrierId = change.carrier ?? null;
      const trackingNumber = change.tracking_number ?? null;
      if ((carrierId !== null || trackingNumber !== null) && change.status !== "shipped") {
        const message = SHIPPING_MESSAGES.TRACKING_ONLY_SHIPPED;
        throw new HttpError(422, message, {
          [carrierId !== null ? "carrier" : "tracking_number"]: [message],
        });
      }
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!row) throw notFound(ORDER_NOT_FOUND);
        // The carrier's names and link template are copied onto the order: editing or
        // deleting the carrier later leaves the customer's link as it was sent.
        let carrier: typeof carriers.$inferSelect | undefined;
        if (carrierId !== null) {
          [carrier] = await tx.select().from(carriers).where(eq(carriers.id, carrierId));
          if (!carrier)
            throw new HttpError(422, SHIPPING_MESSAGES.CARRIER_UNKNOWN, {
              carrier: [SHIPPING_MESSAGES.CARRIER_UNKNOWN],
            });
        }
        if (!canTransition(row.status, change.status)) {
          const message =
            row.status === change.status
              ? `The order is already ${row.status}.`
              : `An order cannot go from ${row.status} to ${change.status}.`;
          throw new HttpError(422, message, { status: [message] });
        }
        if (returnsStock(row.status, change.status)) await returnReservedStock(tx, id);
        // A cancelled order keeps none of a gift card's money (its share goes back onto the
        // card), and the cards it bought, once issued, are voided: it sold nothing.
        if (change.status === "canceled") {
          await refundGiftCard(tx, row, `admin:${adminId}`, now);
          await takeBackBoughtCards(tx, row.id, `admin:${adminId}`, now);
        }
        const [moved] = await tx
          .update(orders)
          .set({
            status: change.status,
            updatedAt: now,
            ...(change.status === "shipped"
              ? {
                  carrierName: carrier?.nameEn ?? null,
                  carrierNameAr: carrier?.nameAr ?? null,
                  trackingUrlTemplate: carrier?.trackingUrl ?? null,
                  trackingNumber,
                }
              : {}),
          })
          .where(eq(orders.id, id))
          .returning();
        await tx.insert(orderEvents).values({
          orderId: id,
          status: change.status,
          actor: `admin:${adminId}`,
          note: change.note,
          createdAt: now,
        });
        await enqueueOrderEvent(tx, "order.status_changed", moved!, {
          previousStatus: row.status,
          now,
        });
        // Confirming issues the invoice; cancelling an invoiced order issues its credit note.
        if (change.status === "confirmed" || change.status === "canceled")
          await issueOrderDocument(tx, moved!, change.status, { now });
        // The customer's e-mail is queued with the change: both hold, or neither.
        const kind = messageKindForStatus(change.status);
        if (kind)
          await enqueueOrderStatusMail(tx, moved!, kind, {
            mail: deps.mail ?? null,
            // A cancellation's note is its reason, which the customer sees on the order page.
            reason: change.status === "canceled" ? change.note : null,
            now,
          });
      });
      return this.detail(id);
    },

    /**
     * The owner records cash collected or a transfer received (422 when the order
     * cannot be paid: cancelled unpaid, already paid, refunded). Answers the order.
     */
    async markPaid(
      id: number,
      payment: AdminOrderPayment,
      adminId: number,
      now = new Date(),
    ): Promise<AdminOrderDetail> {
      await markOrderPaid(db, id, payment, adminId, now, { mail: deps.mail ?? null });
      return this.detail(id);
    },

    /**
     * The messaging-app message the owner sends from the order desk, in the ORDER's
     * language: its state, payment, total, carrier and tracking once shipped, and its private
     * page with a newly issued key (the placer's is never stored). `phone`: the customer's
     * number as the app's link wants it, or null when it cannot be made international.
     */
    async customerMessage(
      id: number,
      origin: string,
      now = new Date(),
    ): Promise<{ text: string; phone: string | null; link: string; lang: "en" | "ar" }> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const link = `${origin}${await orderPathWithNewKey(db, row, now, row.lang)}`;
      const shipping = orderShipping(row);
      const text = orderStateMessage({
        number: row.number,
        name: row.name,
        status: row.status,
        paymentStatus: row.paymentStatus,
        totalCents: row.totalCents,
        lang: row.lang,
        link,
        carrier: (row.lang === "ar" && shipping.carrier_ar) || shipping.carrier,
        trackingNumber: shipping.tracking_number,
        trackingUrl: shipping.tracking_url,
      });
      return { text, phone: messagingDigits(row.phone, row.country), link, lang: row.lang };
    },

    async addNote(id: number, body: string, adminId: number): Promise<TimelineEntry> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const [note] = await db
        .insert(orderNotes)
        .values({ orderId: id, authorId: adminId, body })
        .returning();
      const names = await adminNames([adminId]);
      return {
        kind: "note",
        id: note!.id,
        note: note!.body,
        actor: { kind: "admin", id: adminId, name: names.get(adminId) ?? null },
        at: note!.createdAt.toISOString(),
      };
    },
  };

  async function adminNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async function buildDetail(row: OrderRow): Promise<AdminOrderDetail> {
    const [settings, parts, notes, receipts, payments, changes] = await Promise.all([
      deps.settings.get(),
      loadOrderParts(db, [row.id]),
      db
        .select()
        .from(orderNotes)
        .where(eq(orderNotes.orderId, row.id))
        .orderBy(asc(orderNotes.id)),
      db
        .select()
        .from(orderReceipts)
        .where(eq(orderReceipts.orderId, row.id))
        .orderBy(asc(orderReceipts.id)),
      db
        .select()
        .from(orderPayments)
        .where(eq(orderPayments.orderId, row.id))
        .orderBy(asc(orderPayments.id)),
      db
        .select()
        .from(orderChanges)
        .where(eq(orderChanges.orderId, row.id))
        .orderBy(asc(orderChanges.id)),
    ]);
    const changeActors = changes.map((change) => parseActor(change.actor));
    const events = parts.eventsOf(row.id);
    const dto = toOrderDto(row, parts.linesOf(row.id), events, settings, {
      docs: parts.documentsOf(row.id),
      scope: "admin",
      dishes: parts.dishesOf(row.id),
      giftCards: parts.giftCardsOf(row.id),
    });
    const allergens = await lineAllergens(db, parts.linesOf(row.id));
    const eventActors = events.map((event) => parseActor(event.actor));
    const paymentActors = payments.map((payment) => parseActor(payment.actor));
    const names = await adminNames([
      ...eventActors.flatMap((a) => (a.id === null ? [] : [a.id])),
      ...paymentActors.flatMap((a) => (a.id === null ? [] : [a.id])),
      ...changeActors.flatMap((a) => (a.id === null ? [] : [a.id])),
      ...notes.flatMap((n) => (n.authorId === null ? [] : [n.authorId])),
      ...(row.createdByAdminId === null ? [] : [row.createdByAdminId]),
    ]);
    const timeline: Array<TimelineEntry & { sortAt: number }> = [
      ...events.map((event, i) => ({
        kind: "status" as const,
        status: event.status,
        note: event.note,
        actor: actorWithName(eventActors[i]!, names),
        at: event.createdAt.toISOString(),
        sortAt: event.createdAt.getTime(),
      })),
      ...notes.map((note) => ({
        kind: "note" as const,
        id: note.id,
        note: note.body,
        actor: {
          kind: "admin" as const,
          id: note.authorId,
          name: names.get(note.authorId ?? -1) ?? null,
        },
        at: note.createdAt.toISOString(),
        sortAt: note.createdAt.getTime(),
      })),
      ...payments.map((payment, i) => {
        return {
          kind: payment.kind,
          id: payment.id,
          amount: centsToDollars(payment.amountCents),
          paid_at: payment.paidAt.toISOString(),
          method: payment.method,
          note: payment.note,
          actor: actorWithName(paymentActors[i]!, names),
          at: payment.createdAt.toISOString(),
          sortAt: payment.createdAt.getTime(),
        };
      }),
      ...changes.map((change, i) => ({
        kind: "change" as const,
        id: change.id,
        change: change.kind,
        version: change.version,
        before: change.before,
        after: change.after,
        actor: actorWithName(changeActors[i]!, names),
        at: change.createdAt.toISOString(),
        sortAt: change.createdAt.getTime(),
      })),
      // The customer's receipt uploads: when the transfer proof came is part of the story.
      ...receipts.map((receipt) => ({
        kind: "receipt" as const,
        id: receipt.id,
        actor: { kind: "customer" as const, id: null, name: null },
        at: receipt.createdAt.toISOString(),
        sortAt: receipt.createdAt.getTime(),
      })),
    ];
    // Stable: at equal times a status change (written first) stays before a note or payment.
    timeline.sort((a, b) => a.sortAt - b.sortAt);
    return {
      ...dto,
      id: row.id,
      user_id: row.userId,
      lang: row.lang,
      next_statuses: [...nextStatuses(row.status)],
      timeline: timeline.map(({ sortAt: _, ...entry }) => entry),
      receipts: receiptLinks(row.id, receipts),
      source: row.source,
      created_by:
        row.createdByAdminId === null
          ? null
          : { id: row.createdByAdminId, name: names.get(row.createdByAdminId) ?? "" },
      line_allergens: allergens,
      customerName: row.name,
      items: dto.lines.map((line) => ({
        name: line.name,
        quantity: line.qty,
        price: line.unit_price,
      })),
    };
  }
}
export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
