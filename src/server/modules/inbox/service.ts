import { and, count, desc, eq, ilike, isNotNull, ne, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { countryName } from "../../../shared/domain/countries.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import type { PageMeta } from "../../../shared/schemas/catalog.ts";
import type {
  ContactMessage,
  ContactMessageDto,
  InboxCounts,
  InboxListQuery,
  InboxPatch,
  SubscriberDto,
  TraderEnquiry,
  TraderEnquiryDto,
} from "../../../shared/schemas/inbox.ts";
import type { Db } from "../../db/client.ts";
import { contactMessages, traderEnquiries } from "../../db/schema/company.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { notFound } from "../../http-errors.ts";
import { enqueueWebhookEvent } from "../webhooks/events.ts";
import { toCsv } from "./csv.ts";

type ContactRow = typeof contactMessages.$inferSelect;
type TraderRow = typeof traderEnquiries.$inferSelect;
type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** The rows of a CSV export are capped: an inbox this size is a spam wave, not a report. */
const CSV_MAX_ROWS = 50_000;

function contactDto(row: ContactRow): ContactMessageDto {
  return {
    id: Number(row.id),
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    note: row.note,
    lang: row.lang,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function traderDto(row: TraderRow): TraderEnquiryDto {
  return {
    id: Number(row.id),
    full_name: row.fullName,
    country: row.country,
    city: row.city,
    phone: row.phone,
    company_name: row.companyName,
    email: row.email,
    activity_type: row.activityType,
    monthly_quantity: row.monthlyQuantity,
    questions: row.questions,
    status: row.status,
    note: row.note,
    lang: row.lang,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function subscriberDto(row: SubscriberRow): SubscriberDto {
  return {
    id: Number(row.id),
    email: row.email,
    lang: row.lang,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  };
}

/** `%` and `_` typed by the owner are searched for literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searchWhere(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => ilike(column, pattern)));
}

type ListResult<T> = { data: T[]; meta: PageMeta };
type InboxTable = typeof contactMessages | typeof traderEnquiries | typeof newsletterSubscribers;

/**
 * The owner's inbox: contact messages and trader enquiries with the statuses new,
 * in progress, handled, spam and an internal note; newsletter subscribers to read and remove.
 */
export function createInboxService(db: Db) {
  /** One page of a list, newest first; `all` = the CSV export (up to CSV_MAX_ROWS). */
  async function pageOf<T extends InboxTable>(
    table: T,
    where: SQL | undefined,
    query: InboxListQuery,
    all: boolean,
  ): Promise<ListResult<T["$inferSelect"]>> {
    const source = table as InboxTable;
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(source)
      .where(where);
    const perPage = all ? CSV_MAX_ROWS : query.per_page;
    const rows = await db
      .select()
      .from(source)
      .where(where)
      .orderBy(desc(source.createdAt), desc(source.id))
      .limit(perPage)
      .offset(all ? 0 : (query.page - 1) * perPage);
    return {
      data: rows as T["$inferSelect"][],
      meta: {
        page: query.page,
        per_page: query.per_page,
        total,
        last_page: lastPage(total, query.per_page),
      },
    };
  }

  async function listContact(query: InboxListQuery, all = false): Promise<ListResult<ContactRow>> {
    const where = and(
      searchWhere(query.q, [
        contactMessages.name,
        contactMessages.email,
        contactMessages.phone,
        contactMessages.subject,
        contactMessages.message,
      ]),
      query.status ? eq(contactMessages.status, query.status) : undefined,
    );
    return pageOf(contactMessages, where, query, all);
  }

  async function listTraders(query: InboxListQuery, all = false): Promise<ListResult<TraderRow>> {
    const where = and(
      searchWhere(query.q, [
        traderEnquiries.fullName,
        traderEnquiries.companyName,
        traderEnquiries.email,
        traderEnquiries.phone,
        traderEnquiries.city,
        traderEnquiries.country,
        traderEnquiries.questions,
      ]),
      query.status ? eq(traderEnquiries.status, query.status) : undefined,
    );
    return pageOf(traderEnquiries, where, query, all);
  }

  async function listSubscribers(
    query: InboxListQuery,
    all = false,
  ): Promise<ListResult<SubscriberRow>> {
    const where = searchWhere(query.q, [newsletterSubscribers.email]);
    return pageOf(newsletterSubscribers, where, query, all);
  }

  return {
    async createContactMessage(input: ContactMessage): Promise<{ id: number }> {
      // The webhook event is queued with the message: both hold, or neither.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone,
            subject: input.subject,
            message: input.message,
            lang: input.lang ?? "en",
          })
          .returning();
        await enqueueWebhookEvent(tx, "inbox.message", () => ({
          message: {
            kind: "contact",
            id: row!.id,
            name: row!.name,
            email: row!.email,
            phone: row!.phone,
            subject: row!.subject,
            message: row!.message,
            lang: row!.lang,
            created_at: row!.createdAt.toISOString(),
          },
        }));
        return { id: Number(row!.id) };
      });
    },

    async createTraderEnquiry(input: TraderEnquiry): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(traderEnquiries)
          .values({
            fullName: input.full_name,
            country: input.country,
            city: input.city,
            phone: input.phone,
            companyName: input.company_name,
            email: input.email,
            activityType: input.activity_type,
            monthlyQuantity: input.monthly_quantity,
            questions: input.questions,
            lang: input.lang ?? "en",
          })
          .returning();
        await enqueueWebhookEvent(tx, "inbox.message", () => ({
          message: {
            kind: "trader",
            id: row!.id,
            name: row!.fullName,
            email: row!.email,
            phone: row!.phone,
            company_name: row!.companyName,
            country: row!.country,
            city: row!.city,
            activity_type: row!.activityType,
            monthly_quantity: row!.monthlyQuantity,
            message: row!.questions,
            lang: row!.lang,
            created_at: row!.createdAt.toISOString(),
          },
        }));
        return { id: Number(row!.id) };
      });
    },

    /** The dashboard's `total_trader_applications`: every enquiry ever received, spam excluded. */
    async traderEnquiryCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(traderEnquiries)
        .where(ne(traderEnquiries.status, "spam"));
      return row?.n ?? 0;
    },

    /** Unread (new) messages and enquiries for the side menu, and the subscriber total. */
    async counts(): Promise<InboxCounts> {
      const [[contact], [traders], [subscribers]] = await Promise.all([
        db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
        db.select({ n: count() }).from(traderEnquiries).where(eq(traderEnquiries.status, "new")),
        // Only confirmed addresses are subscribers (double opt-in).
        db
          .select({ n: count() })
          .from(newsletterSubscribers)
          .where(isNotNull(newsletterSubscribers.confirmedAt)),
      ]);
      return {
        contact_messages: contact?.n ?? 0,
        trader_enquiries: traders?.n ?? 0,
        subscribers: subscribers?.n ?? 0,
      };
    },

    async contactMessages(query: InboxListQuery) {
      const { data, meta } = await listContact(query);
      return { data: data.map(contactDto), meta };
    },

    async traderEnquiries(query: InboxListQuery) {
      const { data, meta } = await listTraders(query);
      return { data: data.map(traderDto), meta };
    },

    async subscribers(query: InboxListQuery) {
      const { data, meta } = await listSubscribers(query);
      return { data: data.map(subscriberDto), meta };
    },

    async contactMessagesCsv(query: InboxListQuery): Promise<string> {
      const { data } = await listContact(query, true);
      return toCsv(
        [
          "id",
          "received_at",
          "status",
          "name",
          "email",
          "phone",
          "subject",
          "message",
          "note",
          "lang",
        ],
        data.map((r) => [
          r.id,
          r.createdAt.toISOString(),
          r.status,
          r.name,
          r.email,
          r.phone,
          r.subject,
          r.message,
          r.note,
          r.lang,
        ]),
      );
    },

    async traderEnquiriesCsv(query: InboxListQuery): Promise<string> {
      const { data } = await listTraders(query, true);
      return toCsv(
        [
          "id",
          "received_at",
          "status",
          "full_name",
          "country",
          "country_name",
          "city",
          "phone",
          "company_name",
          "email",
          "activity_type",
          "monthly_quantity",
          "questions",
          "note",
          "lang",
        ],
        data.map((r) => [
          r.id,
          r.createdAt.toISOString(),
          r.status,
          r.fullName,
          r.country,
          countryName(r.country, r.lang),
          r.city,
          r.phone,
          r.companyName,
          r.email,
          r.activityType,
          r.monthlyQuantity,
          r.questions,
          r.note,
          r.lang,
        ]),
      );
    },

    async subscribersCsv(query: InboxListQuery): Promise<string> {
      const { data } = await listSubscribers(query, true);
      return toCsv(
        ["id", "email", "lang", "subscribed_at", "confirmed_at"],
        data.map((r) => [
          r.id,
          r.email,
          r.lang,
          r.createdAt.toISOString(),
          r.confirmedAt?.toISOString() ?? "",
        ]),
      );
    },

    async patchContactMessage(id: number, patch: InboxPatch): Promise<ContactMessageDto> {
      const [row] = await db
        .update(contactMessages)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(contactMessages.id, id))
        .returning();
      if (!row) throw notFound();
      return contactDto(row);
    },

    async patchTraderEnquiry(id: number, patch: InboxPatch): Promise<TraderEnquiryDto> {
      const [row] = await db
        .update(traderEnquiries)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(traderEnquiries.id, id))
        .returning();
      if (!row) throw notFound();
      return traderDto(row);
    },

    async deleteSubscriber(id: number): Promise<void> {
      const [row] = await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning({ id: newsletterSubscribers.id });
      if (!row) throw notFound();
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;
