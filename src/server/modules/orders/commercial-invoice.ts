import { asc, eq } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { formatHsCode, normaliseHsCode } from "../../../shared/domain/food.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import {
  COMMERCIAL_INVOICE_MESSAGES,
  type CommercialInvoiceQuery,
} from "../../../shared/schemas/invoice.ts";
import commonAr from "../../../web/i18n/locales/ar/common.json" with { type: "json" };
import commonEn from "../../../web/i18n/locales/en/common.json" with { type: "json" };
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { traders } from "../../db/schema/traders.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { readShopSettings } from "../settings/service.ts";

export type CommercialInvoice = {
  lang: Lang;
  /** The order's invoice number when it has one, else the order's number. */
  number: string;
  orderNumber: string;
  date: string;
  incoterm: CommercialInvoiceQuery["incoterm"];
  reason: CommercialInvoiceQuery["reason"];
  currency: "USD";
  seller: { name: { en: string; ar: string }; address: string; taxNumber: string };
  buyer: {
    name: string;
    company: string | null;
    taxNumber: string | null;
    address: string;
    phone: string;
  };
  lines: Array<{
    nameEn: string;
    nameAr: string;
    /** "1905.90", or "" when the product gives none. */
    hsCode: string;
    origin: string;
    netGrams: number;
    qty: number;
    valueCents: number;
  }>;
  goodsCents: number;
  freightCents: number;
  totalCents: number;
};

/**
 * What customs ask of an order shipped abroad, from the order as it stands: each line's
 * description in both languages, HS code and country of origin (the product's food
 * information; sweets without an origin were made here, in the shop's country), net weight
 * (what the packer weighed, else what was ordered) and value; the seller from the settings,
 * the buyer from the order (and its trader's company). A domestic order has none: 422.
 */
export async function commercialInvoiceOf(
  db: Db,
  orderId: number,
  query: CommercialInvoiceQuery,
): Promise<CommercialInvoice> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound("Order not found.");
  if (order.country.toUpperCase() === DOMESTIC_COUNTRY)
    throw new HttpError(422, COMMERCIAL_INVOICE_MESSAGES.DOMESTIC, {
      country: [COMMERCIAL_INVOICE_MESSAGES.DOMESTIC],
    });
  const lines = await db
    .select({ line: orderLines, food: products.food })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  const [trader] = order.userId
    ? await db
        .select({ company: traders.companyName, taxNumber: traders.taxNumber })
        .from(traders)
        .where(eq(traders.userId, order.userId))
    : [];
  const settings = await readShopSettings(db);
  const lang = query.lang ?? order.lang;
  const rows = lines.map(({ line, food }) => {
    const hs = food?.hs_code ? normaliseHsCode(food.hs_code) : null;
    return {
      nameEn: line.nameEn,
      nameAr: line.nameAr || line.nameEn,
      hsCode: hs ? formatHsCode(hs) : "",
      origin: food?.origin || DOMESTIC_COUNTRY,
      netGrams: line.weighedGrams ?? line.grams * line.qty,
      qty: line.qty,
      valueCents: line.lineTotalCents - line.refundedCents,
    };
  });
  const goodsCents = rows.reduce((sum, row) => sum + row.valueCents, 0);
  return {
    lang,
    number: invoice?.number ?? order.number,
    orderNumber: order.number,
    date: businessDate(new Date()),
    incoterm: query.incoterm,
    reason: query.reason,
    currency: "USD",
    seller: {
      name: {
        en: settings.seller.legalName.en || commonEn.brand,
        ar: settings.seller.legalName.ar || settings.seller.legalName.en || commonAr.brand,
      },
      address: (lang === "ar" ? settings.seller.address.ar : "") || settings.seller.address.en,
      taxNumber: settings.seller.taxNumber,
    },
    buyer: {
      name: order.name,
      company: trader?.company ?? null,
      taxNumber: trader?.taxNumber ?? null,
      address: `${order.address}, ${order.city}, ${order.country}`,
      phone: order.phone,
    },
    lines: rows,
    goodsCents,
    freightCents: order.deliveryFeeCents,
    totalCents: goodsCents + order.deliveryFeeCents,
  };
}
