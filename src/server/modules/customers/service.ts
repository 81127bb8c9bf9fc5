import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { deskSearchTerm } from "../../../shared/domain/order-lookup.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomersQuery,
  CUSTOMER_MESSAGES,
  type CustomerNote,
} from "../../../shared/schemas/admin-customers.ts";
import type { PageMeta } from "../../../shared/schemas/catalog.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import {
  type CustomerRow,
  customerNotes,
  customers,
  orderCustomerKey,
} from "../../db/schema/customers.ts";
import { orders } from "../../db/schema/orders.ts";
import { notFound } from "../../http-errors.ts";
import { changesOnCreate, record } from "../audit/service.ts";
import { createDeskVersion } from "../orders/desk-version.ts";

/** `LIKE` treats % and _ as wildcards; a search for "50%" means the characters. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Folded by the SQL function the triggers used on the stored text (migration 0006). */
function searchWhere(search: string | undefined): SQL | undefined {
  return search
    ? sql`${customers.searchText} like '%' || order_search_fold(${escapeLike(deskSearchTerm(search))}) || '%'`
    : undefined;
}

/**
 * Newest buyer first, written as `customers_last_order_idx` is declared (DESC NULLS LAST), so
 * PostgreSQL reads the page from the index; accounts without orders come last.
 */
const newestBuyerFirst = [
  sql`${customers.lastOrderAt} desc nulls last`,
  sql`${customers.key} desc nulls last`,
] as const;

/** A customer's page shows their latest orders, up to this many (the count says how many). */
const ORDERS_SHOWN = 100;
/** Whole answers kept per desk version, and counts per search. */
const ANSWER_CACHE_SIZE = 500;
const COUNT_CACHE_SIZE = 200;

export function toCustomer(row: CustomerRow): AdminCustomer {
  return {
    key: row.key,
    kind: row.userId === null ? "guest" : "account",
    user_id: row.userId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    order_count: row.orderCount,
    total_spent: centsToDollars(row.totalCents),
    last_order_at: row.lastOrderAt?.toISOString() ?? null,
  };
}

/** Bounded map: the oldest entry goes when full. */
function remember<V>(map: Map<string, V>, key: string, value: V, size: number): V {
  if (map.size >= size) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/**
 * The back office's customers. The `customers` table is kept by triggers (migration
 * 0037), so a page is an index read; whole answers and counts are kept in memory under the
 * orders desk's version, which every write of orders, accounts or customers moves (on this or
 * any other instance), so nothing stale is served.
 */
export function createCustomerService(db: Db) {
  const version = createDeskVersion(db);
  let cachedVersion = "";
  const answers = new Map<string, Promise<string>>();
  const counts = new Map<string, Promise<number>>();
  /** Answers served from memory and computed (bench:customers reports the share). */
  const served = { hits: 0, misses: 0 };

  function countOf(search: string | undefined, cache: boolean): Promise<number> {
    const key = search ?? "";
    const known = cache ? counts.get(key) : undefined;
    if (known) return known;
    const total = db
      .select({ total: count() })
      .from(customers)
      .where(searchWhere(search))
      .then(([row]) => row?.total ?? 0);
    if (!cache) return total;
    total.catch(() => {
      if (counts.get(key) === total) counts.delete(key);
    });
    return remember(counts, key, total, COUNT_CACHE_SIZE);
  }

  async function loadList(
    query: AdminCustomersQuery,
    cache: boolean,
  ): Promise<{ data: AdminCustomer[]; meta: PageMeta }> {
    const [total, rows] = await Promise.all([
      countOf(query.search, cache),
      db
        .select()
        .from(customers)
        .where(searchWhere(query.search))
        .orderBy(...newestBuyerFirst)
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
    ]);
    return {
      data: rows.map(toCustomer),
      meta: {
        page: query.page,
        per_page: query.per_page,
        total,
        last_page: lastPage(total, query.per_page),
      },
    };
  }

  async function find(key: string): Promise<CustomerRow> {
    const [row] = await db.select().from(customers).where(eq(customers.key, key));
    if (!row) throw notFound(CUSTOMER_MESSAGES.NOT_FOUND);
    return row;
  }

  return {
    /** One page as JSON text, computed once per orders desk version and query. */
    async listJson(query: AdminCustomersQuery): Promise<string> {
      const current = await version();
      if (!current) return JSON.stringify(await loadList(query, false));
      if (cachedVersion !== current.changes) {
        answers.clear();
        counts.clear();
        cachedVersion = current.changes;
      }
      const key = JSON.stringify([query.search, query.page, query.per_page]);
      const hit = answers.get(key);
      if (hit) {
        served.hits++;
        return hit;
      }
      served.misses++;
      const json = loadList(query, true).then((page) => JSON.stringify(page));
      json.catch(() => {
        if (answers.get(key) === json) answers.delete(key);
      });
      return remember(answers, key, json, ANSWER_CACHE_SIZE);
    },

    /** Answers served from memory and computed since start (bench:customers). */
    answerStats(): { hits: number; misses: number } {
      return { ...served };
    },

    /**
     * Every customer the search matches, in the list's order, in batches (keyset: buyers by
     * last order, then accounts without orders by key), so memory stays at one batch.
     */
    async *listAll(search: string | undefined, batchSize = 500): AsyncGenerator<AdminCustomer[]> {
      const where = searchWhere(search);
      let cursor: { at: string; key: string } | null = null;
      for (;;) {
        const rows: Array<CustomerRow & { cursor: string }> = await db
          .select({ ...customersColumns, cursor: sql<string>`${customers.lastOrderAt}::text` })
          .from(customers)
          .where(
            and(
              where,
              sql`${customers.lastOrderAt} is not null`,
              cursor
                ? sql`(${customers.lastOrderAt}, ${customers.key}) < (${cursor.at}::timestamptz, ${cursor.key})`
                : undefined,
            ),
          )
          .orderBy(...newestBuyerFirst)
          .limit(batchSize);
        if (rows.length > 0) yield rows.map(toCustomer);
        if (rows.length < batchSize) break;
        const last = rows[rows.length - 1]!;
        cursor = { at: last.cursor, key: last.key };
      }
      let after: string | null = null;
      for (;;) {
        const rows = await db
          .select()
          .from(customers)
          .where(
            and(
              where,
              isNull(customers.lastOrderAt),
              after === null ? undefined : sql`${customers.key} < ${after}`,
            ),
          )
          .orderBy(desc(customers.key))
          .limit(batchSize);
        if (rows.length > 0) yield rows.map(toCustomer);
        if (rows.length < batchSize) return;
        after = rows[rows.length - 1]!.key;
      }
    },

    /** The customer's summary, latest orders and notes (404 for a key nobody has). */
    async detail(key: string): Promise<AdminCustomerDetail> {
      const row = await find(key);
      const [orderRows, notes] = await Promise.all([
        db
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
            totalCents: orders.totalCents,
            country: orders.country,
            createdAt: orders.createdAt,
          })
          .from(orders)
          // The expression `orders_customer_key_idx` is built on: an index read.
          .where(sql`${orderCustomerKey} = ${key}`)
          .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
          .limit(ORDERS_SHOWN),
        notesOf(key),
      ]);
      return {
        ...toCustomer(row),
        orders: orderRows.map((o) => ({
          id: o.id,
          number: o.number,
          status: o.status,
          payment_status: o.paymentStatus,
          total: centsToDollars(o.totalCents),
          country: o.country,
          created_at: o.createdAt.toISOString(),
        })),
        notes,
      };
    },

    /** A staff note on the customer, audited with the write (entity `customer`). */
    async addNote(key: string, body: string, adminId: number): Promise<CustomerNote> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: customers.key })
          .from(customers)
          .where(eq(customers.key, key));
        if (!row) throw notFound(CUSTOMER_MESSAGES.NOT_FOUND);
        const [note] = await tx
          .insert(customerNotes)
          .values({ customerKey: key, authorId: adminId, body })
          .returning({ id: customerNotes.id });
        await record(tx, {
          actorId: adminId,
          entity: "customer",
          entityId: key,
          action: "create",
          changes: changesOnCreate({ note: body }),
        });
        return note!.id;
      });
      const notes = await notesOf(key, id);
      return notes[0]!;
    },
  };

  async function notesOf(key: string, id?: number): Promise<CustomerNote[]> {
    const rows = await db
      .select({
        id: customerNotes.id,
        body: customerNotes.body,
        authorId: customerNotes.authorId,
        authorName: users.name,
        createdAt: customerNotes.createdAt,
      })
      .from(customerNotes)
      .leftJoin(users, eq(users.id, customerNotes.authorId))
      .where(and(eq(customerNotes.customerKey, key), id ? eq(customerNotes.id, id) : undefined))
      .orderBy(asc(customerNotes.id));
    return rows.map((n) => ({
      id: n.id,
      body: n.body,
      author: { id: n.authorId, name: n.authorName },
      created_at: n.createdAt.toISOString(),
    }));
  }
}

const customersColumns = {
  key: customers.key,
  userId: customers.userId,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  country: customers.country,
  orderCount: customers.orderCount,
  totalCents: customers.totalCents,
  lastOrderAt: customers.lastOrderAt,
  searchText: customers.searchText,
  updatedAt: customers.updatedAt,
};

export type CustomerService = ReturnType<typeof createCustomerService>;
