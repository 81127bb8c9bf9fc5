import {
  addressParts,
  isolate,
  isolatedList,
  listSeparator,
  quantityText,
} from "../../../shared/domain/bidi.ts";
import { contentsText } from "../../../shared/domain/boxes.ts";
import { formatDeliveryDay } from "../../../shared/domain/delivery-day.ts";
import type { MailOpeningKind } from "../../../shared/domain/mail-openings.ts";
import { formatDiscount, formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { OrderDto, OrderShipping } from "../../../shared/schemas/order.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import ordersAr from "../../../web/i18n/locales/ar/admin-orders.json" with { type: "json" };
import ordersEn from "../../../web/i18n/locales/en/admin-orders.json" with { type: "json" };

export type Mail = { subject: string; text: string; html: string };

export const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: (n: string) => `Your order ${n} – Golden Syrup Sweets`,
    hello: (name: string) => `Hello ${name},`,
    thanks: "Thank you for your order. Here is what we received:",
    subtotal: "Subtotal",
    discount: "Discount",
    delivery: "Delivery",
    giftWrap: "Gift wrapping",
    giftFor: "A gift for",
    promotion: "Promotion",
    giftCardFor: (name: string) => `Gift card for ${name}`,
    giftCardPaid: "Paid by gift card",
    total: "Total",
    payment: "Payment",
    methods: {
      cod: "Cash on delivery: pay when your sweets arrive.",
      bank_transfer: "Bank transfer:",
      messaging_app: "Order via messaging app: we will confirm it with you there.",
      card: "Card, on the payment provider's secure page.",
    },
    usd: "Your order is charged in US dollars (USD).",
    payNow: "Pay for your order here:",
    link: "Follow your order here:",
    lostLink: "Lost this link? Find your order with its number and your e-mail here:",
    bye: "With sweet regards,",
    cancelledSubject: (n: string) => `Your order ${n} was cancelled – Golden Syrup Sweets`,
    cancelled: (n: string) => `Your order ${n} was cancelled.`,
    reasons: {
      reservation_expired:
        "It was not paid or confirmed in time, so the reservation ended and the items went back on sale.",
      card_session_expired:
        "The card payment was not completed in time, so the reservation ended and the items went back on sale.",
    },
    nothingCharged: "Nothing was charged. You are welcome to order again.",
    orderAgain: "Our shop:",
    method: "Delivery method",
    pickupAt: (name: string) => `Pickup: ${name}`,
    day: "Delivery day",
    pickupDay: "Pickup day",
    shipsOn: "Ships on",
    slot: "Delivery time",
    pickupSlot: "Pickup time",
    collectFrom: "Collect from",
    hours: "Opening hours",
    address: "Address",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: (n: string) => `طلبك ${n} – حلويات القطر الذهبي`,
    hello: (name: string) => `مرحباً ${name}،`,
    thanks: "شكراً لطلبك. هذا ما استلمناه:",
    subtotal: "المجموع الفرعي",
    discount: "الخصم",
    delivery: "التوصيل",
    giftWrap: "تغليف الهدية",
    giftFor: "هدية إلى",
    promotion: "عرض",
    giftCardFor: (name: string) => `بطاقة هدية إلى ${name}`,
    giftCardPaid: "مدفوع ببطاقة هدية",
    total: "الإجمالي",
    payment: "الدفع",
    methods: {
      cod: "الدفع عند الاستلام: ادفع عند وصول حلوياتك.",
      bank_transfer: "تحويل مصرفي:",
      messaging_app: "الطلب عبر تطبيق المراسلة: سنؤكده معك هناك.",
      card: "بطاقة، على صفحة الدفع الآمنة لمزوّد الدفع.",
    },
    usd: "يُحتسب طلبك بالدولار الأمريكي (USD).",
    payNow: "ادفع ثمن طلبك من هنا:",
    link: "تابع طلبك من هنا:",
    lostLink: "أضعت هذا الرابط؟ ابحث عن طلبك برقمه وبريدك الإلكتروني من هنا:",
    bye: "مع أطيب التحيات،",
    cancelledSubject: (n: string) => `أُلغي طلبك ${n} – حلويات القطر الذهبي`,
    cancelled: (n: string) => `أُلغي طلبك ${n}.`,
    reasons: {
      reservation_expired:
        "لم يُدفع أو يُؤكَّد في الوقت المحدد، فانتهى الحجز وعادت المنتجات إلى البيع.",
      card_session_expired:
        "لم يكتمل الدفع بالبطاقة في الوقت المحدد، فانتهى الحجز وعادت المنتجات إلى البيع.",
    },
    nothingCharged: "لم يُخصم أي مبلغ. يسعدنا أن تطلب مرة أخرى.",
    orderAgain: "متجرنا:",
    method: "طريقة التوصيل",
    pickupAt: (name: string) => `الاستلام: ${name}`,
    day: "يوم التوصيل",
    pickupDay: "يوم الاستلام",
    shipsOn: "يُشحن يوم",
    slot: "وقت التوصيل",
    pickupSlot: "وقت الاستلام",
    collectFrom: "الاستلام من",
    hours: "ساعات العمل",
    address: "العنوان",
  },
} as const;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export const money = (dollars: number, lang: Lang) => formatMoney(toCents(dollars), lang);

/**
 * An e-mail's opening paragraph, which the owner may rewrite in Settings (the mail kit puts
 * the owner's sentence in when it sends; `order` fills `{order}`). Keep the same sentence as
 * one line of the plain-text part, so it is replaced there too.
 */
export function openingHtml(kind: MailOpeningKind, html: string, order?: string): string {
  return `<p data-opening="${kind}"${order ? ` data-order="${escapeHtml(order)}"` : ""}>${html}</p>`;
}

/** One row of a money table: HTML label (escaped by the caller), a detail line, an amount. */
export type MoneyRow = { label: string; detail?: string; amount: string; total?: boolean };

/**
 * Lines and totals in one table that stays aligned in Gmail, Outlook and Apple Mail: a
 * presentation table at full width, the label at the start and the amount at the end of
 * the row in both directions (`align` for Outlook, `text-align` for the others), amounts on
 * one line and left to right, the total under a gold rule.
 */
export function moneyTable(lang: Lang, rows: MoneyRow[]): string {
  const rtl = lang === "ar";
  const start = rtl ? "right" : "left";
  const end = rtl ? "left" : "right";
  const cell = (total?: boolean) =>
    `padding:8px 0;vertical-align:top;border-${total ? "top:2px solid #b7791f" : "bottom:1px solid #e7dccb"}`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${rtl ? "rtl" : "ltr"}" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      (row) =>
        `<tr><td align="${start}" style="${cell(row.total)};text-align:${start}${row.total ? ";font-weight:700" : ""}">${row.label}${
          row.detail ? `<br><span style="color:#6b5744;font-size:13px">${row.detail}</span>` : ""
        }</td><td align="${end}" style="${cell(row.total)};padding-${start}:12px;text-align:${end};white-space:nowrap${row.total ? ";font-weight:700" : ""}"><span dir="ltr">${escapeHtml(row.amount)}</span></td></tr>`,
    )
    .join("")}</table>`;
}

/**
 * A sentence around a customer's own text (a name, an address): the text sits in
 * `<bdi dir="auto">`, so an Arabic name in an English e-mail (or the reverse) keeps its own
 * direction and does not pull the punctuation around it.
 */
export function withUserText(sentence: (value: string) => string, value: string): string {
  const mark = "\u0000";
  return escapeHtml(sentence(mark)).replace(mark, `<bdi dir="auto">${escapeHtml(value)}</bdi>`);
}

/**
 * How the order travels (the shipping snapshot on the order): the method with its zone, the
 * delivery day, and for a delivery the address. Label, text, and whether the text is the
 * customer's own (shown in `<bdi dir="auto">`).
 */
type ShippingRow = {
  label: string;
  value: string;
  user?: boolean;
  /** A customer's text in parts, each isolated in its own `<bdi>` in HTML. */
  parts?: string[];
  lang?: Lang;
};

export function shippingRows(
  order: Pick<OrderDto, "address" | "city" | "country"> & {
    shipping: OrderShipping;
    ready_date?: string | null;
    slot?: { label: string; label_ar: string } | null;
  },
  lang: Lang,
): ShippingRow[] {
  const t = TEXTS[lang];
  const s = order.shipping;
  const name = lang === "ar" && s.name_ar ? s.name_ar : s.name;
  const zone = lang === "ar" && s.zone_ar ? s.zone_ar : s.zone;
  const rows: ShippingRow[] = [
    {
      label: t.method,
      value: s.kind === "pickup" ? t.pickupAt(name) : zone ? `${name} (${zone})` : name,
    },
  ];
  // The ready day, named as the shopper meets it: delivery day, pickup day, or dispatch day abroad.
  const day = s.delivery_date ?? order.ready_date;
  const dayLabel =
    s.kind === "pickup" ? t.pickupDay : order.country !== DOMESTIC_COUNTRY ? t.shipsOn : t.day;
  if (day) rows.push({ label: dayLabel, value: formatDeliveryDay(day, lang) });
  if (order.slot)
    rows.push({
      label: s.kind === "pickup" ? t.pickupSlot : t.slot,
      value: lang === "ar" ? order.slot.label_ar : order.slot.label,
    });
  if (s.kind === "pickup" && s.pickup) {
    // Where and when to collect it: the shop's address and opening hours.
    const pick = (en: string, ar: string) => (lang === "ar" && ar ? ar : en);
    rows.push({
      label: t.collectFrom,
      value: pick(s.pickup.address, s.pickup.address_ar),
      user: true,
    });
    rows.push({ label: t.hours, value: pick(s.pickup.hours, s.pickup.hours_ar), user: true });
  }
  if (s.kind === "delivery") {
    // Each part isolated: a Latin address in an Arabic e-mail keeps its order.
    const parts = addressParts(order, lang);
    rows.push({ label: t.address, value: isolatedList(parts, lang), parts, lang, user: true });
  }
  return rows;
}

/** The rows above as HTML paragraphs. */
export function shippingHtml(rows: ReturnType<typeof shippingRows>): string {
  return rows
    .map(
      (row) =>
        `<p><b>${escapeHtml(row.label)}:</b> ${
          row.parts
            ? row.parts
                .map((part) => `<bdi>${escapeHtml(part)}</bdi>`)
                .join(escapeHtml(listSeparator(row.lang ?? "en")))
            : row.user
              ? `<bdi dir="auto">${escapeHtml(row.value)}</bdi>`
              : escapeHtml(row.value)
        }</p>`,
    )
    .join("\n");
}
const weight = (grams: number) =>
  grams >= 1000 ? `${(grams / 1000).toLocaleString("en")} kg` : `${grams} g`;

function lineRows(order: OrderDto, lang: Lang) {
  return order.lines.map((line) => ({
    // A box names its sweets after it: "Mixed tray: Baklava 500 g, Maamoul 500 g".
    name:
      (lang === "ar" && line.name_ar ? line.name_ar : line.name) +
      (line.contents?.length
        ? `: ${contentsText(
            line.contents.map((c) => ({ nameEn: c.name, nameAr: c.name_ar, grams: c.grams })),
            lang,
          )}`
        : ""),
    // "1 كغ × 2" in the order's language, the weight isolated.
    detail: quantityText(line.grams, line.qty, lang),
    weight: optionLabel(line.grams, lang),
    qty: line.qty,
    total: money(line.line_total, lang),
  }));
}

function totals(order: OrderDto, lang: Lang) {
  const t = TEXTS[lang];
  return [
    [t.subtotal, money(order.subtotal, lang)],
    ...(order.discount > 0
      ? [
          [
            `${t.discount} (${order.discount_percent}%)`,
            formatDiscount(toCents(order.discount), lang),
          ],
        ]
      : []),
    // Each automatic promotion by name, in the order's language (the discount line sums them).
    ...(order.promotions ?? []).map((p) => [
      `${t.promotion}: ${lang === "ar" && p.name_ar ? p.name_ar : p.name}`,
      `-${money(p.amount, lang)}`,
    ]),
    [t.delivery, money(order.delivery_fee, lang)],
    ...(order.gift_wrap_fee > 0 ? [[t.giftWrap, money(order.gift_wrap_fee, lang)]] : []),
    // Gift cards bought are never discounted: they come after the discounts, whole.
    ...(order.gift_cards ?? []).map((c) => [
      t.giftCardFor(c.recipient_name),
      money(c.amount, lang),
    ]),
    [t.total, money(order.total, lang)],
    ...((order.gift_card_paid ?? 0) > 0
      ? [[t.giftCardPaid, `-${money(order.gift_card_paid ?? 0, lang)}`]]
      : []),
  ] as Array<[string, string]>;
}

/**
 * The customer's confirmation, in the language the order was placed in: lines, totals, how to
 * pay (the bank-transfer text from the settings) and the private link to the order.
 */
export function orderConfirmation(
  order: OrderDto,
  lang: Lang,
  link: string,
  settings: Pick<ShopSettings, "bankTransferInstructions">,
): Mail {
  const t = TEXTS[lang];
  const lines = lineRows(order, lang);
  const sums = totals(order, lang);
  const method = order.payment_method as keyof typeof t.methods;
  const bank =
    method === "bank_transfer"
      ? (lang === "ar" && settings.bankTransferInstructions.ar) ||
        settings.bankTransferInstructions.en
      : "";
  const payment = [t.methods[method] ?? order.payment_method, bank].filter(Boolean).join(" ");
  // A card order's hosted payment page, while it is open (the order page offers it too).
  const payUrl =
    order.payment_url && /^https?:\/\//.test(order.payment_url) ? order.payment_url : null;
  const shipping = shippingRows(order, lang);
  // "Find my order" beside the private link, in the order's language.
  const track = URL.canParse(link)
    ? `${new URL(link).origin}${lang === "ar" ? "/ar" : ""}/track`
    : null;
  const text = [
    t.hello(isolate(order.name)),
    "",
    t.thanks,
    `#${order.number}`,
    "",
    ...lines.map((l) => `- ${l.name} (${l.detail}): ${l.total}`),
    "",
    ...sums.map(([label, value]) => `${label}: ${value}`),
    "",
    t.usd,
    "",
    ...shipping.map((row) => `${row.label}: ${row.value}`),
    // A gift: the buyer is told who it goes to; the card stays a surprise here.
    ...(order.gift ? [`${t.giftFor}: ${isolate(order.gift.recipient_name)}`] : []),
    "",
    `${t.payment}: ${payment}`,
    ...(payUrl ? ["", t.payNow, payUrl] : []),
    "",
    t.link,
    link,
    "",
    ...(track ? [t.lostLink, track, ""] : []),
    t.bye,
    t.brand,
  ].join("\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif">
<p>${withUserText(t.hello, order.name)}</p>
${openingHtml("order_confirmation", escapeHtml(t.thanks), order.number)}
<p><b dir="ltr">#${escapeHtml(order.number)}</b></p>
${moneyTable(lang, [
  ...lines.map((l) => ({
    label: `<bdi>${escapeHtml(l.name)}</bdi>`,
    detail: `<bdi>${escapeHtml(l.weight)}</bdi> × ${l.qty}`,
    amount: l.total,
  })),
  ...sums.map(([label, value], i) => ({
    label: escapeHtml(label),
    amount: value,
    total: i === sums.length - 1,
  })),
])}
<p>${escapeHtml(t.usd)}</p>
${shippingHtml(shipping)}
${order.gift ? `<p><b>${escapeHtml(t.giftFor)}:</b> <bdi>${escapeHtml(order.gift.recipient_name)}</bdi></p>\n` : ""}<p><b>${escapeHtml(t.payment)}:</b> ${escapeHtml(payment)}</p>
${payUrl ? `<p>${escapeHtml(t.payNow)} <a href="${escapeHtml(payUrl)}">${escapeHtml(payUrl)}</a></p>\n` : ""}<p>${escapeHtml(t.link)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
${track ? `<p>${escapeHtml(t.lostLink)} <a href="${escapeHtml(track)}">${escapeHtml(track)}</a></p>\n` : ""}<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject(order.number), text, html };
}

/** The shop's own notices to its owner (new order, low stock), in either language. */
const NOTICE = {
  en: {
    newOrder: (n: string) => `New order ${n}`,
    newOrderSubject: (n: string, total: string) => `New order ${n} (${total})`,
    customer: "Customer",
    address: "Address",
    notes: "Notes",
    payment: "Payment",
    openDesk: "Open the orders desk:",
    lowStock: (name: string) => `Low stock: ${name}`,
    lowStockSubject: (name: string, left: string) => `Low stock: ${name} (${left} left)`,
    product: "Product",
    sku: "SKU",
    order: "Order",
    left: "Left in stock",
    threshold: "Low-stock threshold",
    leftBy: (n: string, left: string, sku: string) =>
      `Order ${n} left ${left} in stock (SKU ${sku}).`,
    openProduct: "Open the product:",
  },
  ar: {
    newOrder: (n: string) => `طلب جديد ${n}`,
    newOrderSubject: (n: string, total: string) => `طلب جديد ${n} (${total})`,
    customer: "الزبون",
    address: "العنوان",
    notes: "ملاحظات",
    payment: "الدفع",
    openDesk: "افتح مكتب الطلبات:",
    lowStock: (name: string) => `مخزون منخفض: ${name}`,
    lowStockSubject: (name: string, left: string) => `مخزون منخفض: ${name} (بقي ${left})`,
    product: "المنتج",
    sku: "رمز المنتج",
    order: "الطلب",
    left: "الباقي في المخزون",
    threshold: "حد المخزون المنخفض",
    leftBy: (n: string, left: string, sku: string) =>
      `ترك الطلب ${n} في المخزون ${left} (رمز المنتج ${sku}).`,
    openProduct: "افتح المنتج:",
  },
} as const;

/** One row of a facts table: a label and its value as HTML (escaped by the caller). */
export type FactRow = { label: string; value: string };

/**
 * Labelled facts (customer, address, payment) in a two-column presentation table: labels at
 * the start in the shop's muted colour, values beside them, right to left in Arabic, with
 * `align` beside `text-align` for Outlook as in the money table.
 */
export function factsTable(lang: Lang, rows: FactRow[]): string {
  const rtl = lang === "ar";
  const start = rtl ? "right" : "left";
  const cell = `padding:6px 0;vertical-align:top;border-bottom:1px solid #e7dccb;text-align:${start}`;
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${rtl ? "rtl" : "ltr"}" style="width:100%;border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      (row) =>
        `<tr><th scope="row" align="${start}" style="${cell};padding-${rtl ? "left" : "right"}:12px;color:#6b5744;font-weight:600;white-space:nowrap">${escapeHtml(row.label)}</th><td align="${start}" style="${cell}">${row.value}</td></tr>`,
    )
    .join("")}</table>`;
}

const userText = (value: string) => `<bdi dir="auto">${escapeHtml(value)}</bdi>`;

/**
 * The shop's notice of a new order: who, where, how it travels and is paid (a facts table),
 * then the lines and totals (the money table the customer's confirmation uses) and the link to
 * the orders desk. English unless asked (the back office's working language).
 */
export function newOrderNotice(order: OrderDto, adminLink: string, lang: Lang = "en"): Mail {
  const n = NOTICE[lang];
  const lines = lineRows(order, lang);
  const sums = totals(order, lang);
  const customer = [order.name, order.phone, order.email].filter(Boolean) as string[];
  const addressList = addressParts(order, lang);
  const shipping = shippingRows(order, lang).filter((row) => !row.user);
  const paymentLabel =
    ((lang === "ar" ? ordersAr : ordersEn).payment_method as Record<string, string>)[
      order.payment_method
    ] ?? order.payment_method;
  const text = [
    n.newOrder(order.number),
    "",
    `${n.customer}: ${customer.join(listSeparator(lang))}`,
    `${n.address}: ${isolatedList(addressList, lang)}`,
    ...shipping.map((row) => `${row.label}: ${row.value}`),
    ...(order.notes ? [`${n.notes}: ${order.notes}`] : []),
    `${n.payment}: ${paymentLabel}`,
    "",
    ...lines.map((l) => `- ${l.name} (${l.detail}): ${l.total}`),
    "",
    ...sums.map(([label, value]) => `${label}: ${value}`),
    TEXTS[lang].usd,
    "",
    `${n.openDesk} ${adminLink}`,
  ].join("\n");
  const facts: FactRow[] = [
    {
      label: n.customer,
      value: customer.map(userText).join(escapeHtml(listSeparator(lang))),
    },
    {
      label: n.address,
      value: addressList
        .map((part) => `<bdi>${escapeHtml(part)}</bdi>`)
        .join(escapeHtml(listSeparator(lang))),
    },
    ...shipping.map((row) => ({ label: row.label, value: escapeHtml(row.value) })),
    ...(order.notes ? [{ label: n.notes, value: userText(order.notes) }] : []),
    { label: n.payment, value: escapeHtml(paymentLabel) },
  ];
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body>
<p><b>${escapeHtml(n.newOrder(order.number))}</b></p>
${factsTable(lang, facts)}
${moneyTable(lang, [
  ...lines.map((l) => ({
    label: `<bdi>${escapeHtml(l.name)}</bdi>`,
    detail: `<bdi>${escapeHtml(l.weight)}</bdi> × ${l.qty}`,
    amount: l.total,
  })),
  ...sums.map(([label, value], i) => ({
    label: escapeHtml(label),
    amount: value,
    total: i === sums.length - 1,
  })),
])}
<p>${escapeHtml(TEXTS[lang].usd)}</p>
<p>${escapeHtml(n.openDesk)} <a href="${escapeHtml(adminLink)}">${escapeHtml(adminLink)}</a></p>
</body></html>`;
  return {
    subject: n.newOrderSubject(order.number, money(order.total, lang)),
    text,
    html,
  };
}

/**
 * The shop's notice that an order took a product to or below its low-stock threshold: the
 * product (both names), its SKU, the order, what is left and the threshold in a facts table,
 * and the link to the product. English unless asked, like the new-order notice.
 */
export function lowStockNotice(
  product: {
    nameEn: string;
    nameAr: string;
    sku: string;
    stockGrams: number;
    thresholdGrams: number;
  },
  order: { number: string },
  adminLink: string,
  lang: Lang = "en",
): Mail {
  const n = NOTICE[lang];
  const [first, second] =
    lang === "ar" && product.nameAr
      ? [product.nameAr, product.nameEn]
      : [product.nameEn, product.nameAr];
  const name = second ? `${first} (${second})` : first;
  const left = noticeWeight(product.stockGrams, lang);
  const threshold = noticeWeight(product.thresholdGrams, lang);
  const text = [
    n.lowStock(name),
    "",
    n.leftBy(order.number, left, product.sku),
    `${n.threshold}: ${threshold}`,
    "",
    `${n.openProduct} ${adminLink}`,
  ].join("\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body>
<p><b>${escapeHtml(n.lowStock(first))}</b></p>
${factsTable(lang, [
  {
    label: n.product,
    value: `${userText(first)}${second ? `<br><span style="color:#6b5744">${userText(second)}</span>` : ""}`,
  },
  { label: n.sku, value: `<span dir="ltr">${escapeHtml(product.sku)}</span>` },
  { label: n.order, value: `<span dir="ltr">${escapeHtml(order.number)}</span>` },
  { label: n.left, value: `<b>${escapeHtml(left)}</b>` },
  { label: n.threshold, value: escapeHtml(threshold) },
])}
<p>${escapeHtml(n.openProduct)} <a href="${escapeHtml(adminLink)}">${escapeHtml(adminLink)}</a></p>
</body></html>`;
  return {
    subject: n.lowStockSubject(first, left),
    text,
    html,
  };
}

/** A stock amount in the notice's language: "900 g", "1.5 kg"; "900 غ", "1.5 كغ". */
const noticeWeight = (grams: number, lang: Lang) =>
  lang === "ar"
    ? grams >= 1000
      ? `${(grams / 1000).toLocaleString("en")} كغ`
      : `${grams} غ`
    : weight(grams);

/**
 * The customer's notice that the system ended their order's reservation, in the
 * order's language: which order, why, that nothing was charged, and where to order again.
 */
export function orderCancelledMail(
  order: { number: string; name: string; totalCents: number },
  lang: Lang,
  reason: keyof (typeof TEXTS)["en"]["reasons"],
  links: { order: string | null; shop: string },
): Mail {
  const t = TEXTS[lang];
  const total = `${t.total}: ${formatMoney(order.totalCents, lang)}`;
  const text = [
    t.hello(order.name),
    "",
    t.cancelled(order.number),
    t.reasons[reason],
    total,
    t.nothingCharged,
    "",
    ...(links.order ? [t.link, links.order, ""] : []),
    t.orderAgain,
    links.shop,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const dir = lang === "ar" ? "rtl" : "ltr";
  const link = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif">
<p>${withUserText(t.hello, order.name)}</p>
${openingHtml("order_cancelled_unpaid", escapeHtml(t.cancelled(order.number)), order.number)}
<p>${escapeHtml(t.reasons[reason])}</p>
${moneyTable(lang, [{ label: escapeHtml(t.total), amount: formatMoney(order.totalCents, lang), total: true }])}
<p>${escapeHtml(t.nothingCharged)}</p>
${links.order ? `<p>${escapeHtml(t.link)} ${link(links.order)}</p>\n` : ""}<p>${escapeHtml(t.orderAgain)} ${link(links.shop)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.cancelledSubject(order.number), text, html };
}
