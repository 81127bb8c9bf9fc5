import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import {
  type CreditLine,
  type CreditReason,
  creditLeftCents,
  documentDue,
  type InvoiceSnapshot,
  includedTax,
  invoiceNumber,
  partialCreditNote,
  seriesOf,
} from "../../../shared/domain/invoices.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import commonAr from "../../../web/i18n/locales/ar/common.json" with { type: "json" };
import invoicesAr from "../../../web/i18n/locales/ar/invoices.json" with { type: "json" };
import commonEn from "../../../web/i18n/locales/en/common.json" with { type: "json" };
import invoicesEn from "../../../web/i18n/locales/en/invoices.json" with { type: "json" };
import type { Db, Tx } from "../../db/client.ts";
import { giftCardPurchases } from "../../db/schema/gift-cards.ts";
import { type InvoiceRow, invoiceCounters, invoices } from "../../db/schema/invoices.ts";
import { type OrderRow, orderLines } from "../../db/schema/orders.ts";
import { traders } from "../../db/schema/traders.ts";
import { readShopSettings } from "../settings/service.ts";

/** What happened to an order that may call for a document. */
export type DocumentEvent = "confirmed" | "paid" | "refunded" | "canceled";

/** The buyer's company and tax number, when the order's account is a trader's. */
export type BuyerCompany = { company: string | null; taxNumber: string | null };

/**
 * The next number of a series in a year: one statement that adds one to the counter row (or
 * creates it at 1) and keeps the row locked until the caller's transaction ends. Two
 * instances issuing at once queue on that row; a rollback returns the number; so the numbers
 * of a year run 1, 2, 3... with no gap and no repeat.
 */
async function takeNumber(tx: Tx, series: "INV" | "CN", year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.year],
      set: { last: sqlLastPlusOne },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

const sqlLastPlusOne = sql`${invoiceCounters.last} + 1`;

/** The invoice as issued now, from the order's own snapshot columns and lines. */
async function invoiceSnapshot(
  tx: Tx,
  order: OrderRow,
  settings: ShopSettings,
  buyer: BuyerCompany,
  number: string,
  now: Date,
): Promise<InvoiceSnapshot> {
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  // Gift cards bought in the order are part of its total: each is a line of the invoice.
  const cardsSold = await tx
    .select({ cents: giftCardPurchases.amountCents, to: giftCardPurchases.recipientName })
    .from(giftCardPurchases)
    .where(eq(giftCardPurchases.orderId, order.id))
    .orderBy(asc(giftCardPurchases.id));
  const tax = includedTax(order.totalCents, settings.taxRatePercent);
  return {
    kind: "invoice",
    number,
    issued_at: now.toISOString(),
    lang: order.lang,
    refers_to: null,
    reason: null,
    order: { number: order.number, placed_at: order.createdAt.toISOString() },
    seller: {
      name: {
        en: settings.seller.legalName.en || commonEn.brand,
        ar: settings.seller.legalName.ar || settings.seller.legalName.en || commonAr.brand,
      },
      address: {
        en: settings.seller.address.en,
        ar: settings.seller.address.ar || settings.seller.address.en,
      },
      tax_number: settings.seller.taxNumber,
    },
    buyer: {
      name: order.name,
      company: buyer.company,
      tax_number: buyer.taxNumber,
      phone: order.phone,
      email: order.email,
      country: order.country,
      city: order.city,
      address: order.address,
    },
    lines: lines
      .map((line) => ({
        name_en: line.nameEn,
        name_ar: line.nameAr || line.nameEn,
        grams: line.grams,
        qty: line.qty,
        unit_price_cents: line.unitPriceCents,
        line_total_cents: line.lineTotalCents,
      }))
      .concat(
        cardsSold.map((card) => ({
          name_en: invoicesEn.pdf.gift_card_line.replace("{{name}}", card.to),
          name_ar: invoicesAr.pdf.gift_card_line.replace("{{name}}", card.to),
          grams: 0,
          qty: 1,
          unit_price_cents: card.cents,
          line_total_cents: card.cents,
        })),
      ),
    // The lines' sum: the sweets and the gift cards bought (which no discount touches).
    subtotal_cents: order.subtotalCents + order.giftCardsSoldCents,
    discount_cents: order.discountCents,
    discount_percent: order.discountPercent,
    promotions: order.promotions.map((p) => ({
      name_en: p.name,
      name_ar: p.nameAr || p.name,
      cents: p.amountCents,
    })),
    delivery_fee_cents: order.deliveryFeeCents,
    gift_wrap_cents: order.giftWrapCents,
    total_cents: order.totalCents,
    tax: tax
      ? { rate_percent: tax.ratePercent, tax_cents: tax.taxCents, net_cents: tax.netCents }
      : null,
    payment: {
      method: order.paymentMethod,
      status: order.paymentStatus,
      paid_cents: order.paidCents,
      due_date: null,
      gift_card_cents: order.giftCardCents,
    },
  };
}

/**
 * Issues the document an order's event calls for, if any, inside the caller's transaction
 * (which holds the order's row lock): the first confirmation or payment issues the invoice;
 * a refund or a cancellation after invoicing issues a credit note for the whole invoice.
 * Returns the new document, or null when none was due.
 */
export async function issueOrderDocument(
  tx: Tx,
  order: OrderRow,
  event: DocumentEvent,
  opts: { now?: Date; buyer?: BuyerCompany; reason?: CreditReason } = {},
): Promise<InvoiceRow | null> {
  const now = opts.now ?? new Date();
  const existing = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  const invoice = existing.find((row) => row.kind === "invoice") ?? null;
  const notes = existing.filter((row) => row.kind === "credit_note");
  const left = invoice
    ? creditLeftCents(
        invoice.totalCents,
        notes.map((row) => row.totalCents),
      )
    : 0;
  const kind = documentDue(event, {
    invoice: invoice !== null,
    creditNote: invoice !== null && left <= 0,
  });
  if (!kind) return null;
  const year = Number(businessDate(now).slice(0, 4));
  const series = seriesOf(kind);
  const seq = await takeNumber(tx, series, year);
  const number = invoiceNumber(series, year, seq);
  let data: InvoiceSnapshot;
  if (kind === "invoice") {
    const settings = await readShopSettings(tx);
    // A trader's invoice names its company and tax number.
    const [trader] =
      order.userId === null
        ? []
        : await tx
            .select({ company: traders.companyName, taxNumber: traders.taxNumber })
            .from(traders)
            .where(eq(traders.userId, order.userId));
    data = await invoiceSnapshot(
      tx,
      order,
      settings,
      opts.buyer ?? trader ?? { company: null, taxNumber: null },
      number,
      now,
    );
  } else if (notes.length > 0) {
    // Partial refunds were credited already: this note credits what the invoice still stands for.
    data = partialCreditNote(invoice!.data, {
      number,
      issuedAt: now,
      reason: opts.reason ?? (event === "canceled" ? "cancellation" : "refund"),
      lines: [],
      cents: left,
      payment: { status: order.paymentStatus, paid_cents: order.paidCents },
    });
  } else {
    // The credit note repeats the invoice it cancels, word for word, under its own number.
    data = {
      ...invoice!.data,
      kind: "credit_note",
      number,
      issued_at: now.toISOString(),
      refers_to: invoice!.number,
      reason: opts.reason ?? (event === "refunded" ? "refund" : "cancellation"),
      payment: {
        ...invoice!.data.payment,
        status: order.paymentStatus,
        paid_cents: order.paidCents,
      },
    };
  }
  const [row] = await tx
    .insert(invoices)
    .values({
      kind,
      number,
      year,
      seq,
      orderId: order.id,
      invoiceId: kind === "credit_note" ? invoice!.id : null,
      totalCents: data.total_cents,
      issuedAt: now,
      data,
    })
    .returning();
  return row!;
}

/**
 * The credit note of a partial refund, inside the refund's transaction (which holds the
 * order's row lock): the lines given back (or the amount), numbered in the same gap-free
 * series as every credit note. None when the order has no invoice (nothing to correct) or
 * the invoice is credited in full already; never more than the invoice still stands for.
 */
export async function issuePartialCreditNote(
  tx: Tx,
  order: OrderRow,
  refund: { cents: number; lines: CreditLine[] },
  opts: { now?: Date } = {},
): Promise<InvoiceRow | null> {
  const now = opts.now ?? new Date();
  const existing = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
  const invoice = existing.find((row) => row.kind === "invoice");
  if (!invoice) return null;
  const left = creditLeftCents(
    invoice.totalCents,
    existing.filter((row) => row.kind === "credit_note").map((row) => row.totalCents),
  );
  const cents = Math.min(refund.cents, left);
  if (cents <= 0) return null;
  const year = Number(businessDate(now).slice(0, 4));
  const seq = await takeNumber(tx, "CN", year);
  const number = invoiceNumber("CN", year, seq);
  const data = partialCreditNote(invoice.data, {
    number,
    issuedAt: now,
    reason: "partial_refund",
    lines: refund.lines,
    cents,
    payment: { status: order.paymentStatus, paid_cents: order.paidCents },
  });
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      year,
      seq,
      orderId: order.id,
      invoiceId: invoice.id,
      totalCents: cents,
      issuedAt: now,
      data,
    })
    .returning();
  return row!;
}

/** Every document of these orders, oldest first. */
export async function documentsOfOrders(db: Db | Tx, orderIds: number[]): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.id));
}

/** Documents issued in [from, to) (business days), oldest first, in batches by the caller. */
export async function documentsIssuedBetween(
  db: Db,
  from: Date,
  to: Date,
  afterId = 0,
  limit = 500,
): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to), gtId(afterId)))
    .orderBy(asc(invoices.id))
    .limit(limit);
}

const gtId = (afterId: number) => sql`${invoices.id} > ${afterId}`;
