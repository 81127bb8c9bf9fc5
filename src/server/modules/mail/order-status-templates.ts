import type { MailOpeningKind } from "../../../shared/domain/mail-openings.ts";
import { formatMoney, type Lang } from "../../../shared/domain/money.ts";
import type { OrderMessageKind } from "../../../shared/domain/order-messages.ts";
import type { PaymentStatus } from "../../../shared/domain/payments.ts";
import type { OrderShipping } from "../../../shared/schemas/order.ts";
import {
  TEXTS as COMMON,
  escapeHtml,
  type Mail,
  moneyTable,
  openingHtml,
  shippingHtml,
  shippingRows,
  withUserText,
} from "./templates.ts";

/** What a status e-mail says about its order (from the order row, see order-status-mail.ts). */
export type StatusMailOrder = {
  number: string;
  name: string;
  totalCents: number;
  paymentStatus: PaymentStatus;
  paidCents: number | null;
  address: string;
  city: string;
  country: string;
  shipping: OrderShipping;
  /** The day the order must be ready (delivery, pickup or dispatch day). */
  ready_date?: string | null;
  /** The delivery or pickup time slot, when the order has one. */
  slot?: { label: string; label_ar: string } | null;
  /** A gift's recipient: the parcel goes to them, not to the buyer the e-mail is for. */
  giftRecipient?: string | null;
};

const TEXTS = {
  en: {
    subject: {
      confirmed: (n: string) => `Your order ${n} is confirmed – Golden Syrup Sweets`,
      shipped: (n: string) => `Your order ${n} is on its way – Golden Syrup Sweets`,
      shippedPickup: (n: string) => `Your order ${n} is ready to collect – Golden Syrup Sweets`,
      shippedGift: (n: string) => `Your gift order ${n} is on its way – Golden Syrup Sweets`,
      completed: (n: string) => `Your order ${n} is complete – Golden Syrup Sweets`,
      delivered: (n: string) => `Your order ${n} has been delivered – Golden Syrup Sweets`,
      pickedUp: (n: string) => `You have collected your order ${n} – Golden Syrup Sweets`,
      canceled: (n: string) => `Your order ${n} was cancelled – Golden Syrup Sweets`,
      paid: (n: string) => `Payment received for your order ${n} – Golden Syrup Sweets`,
    },
    lead: {
      confirmed: (n: string) =>
        `Good news: we have confirmed your order ${n} and will start preparing it.`,
      shipped: (n: string) => `Your order ${n} has left our kitchen and is on its way to you.`,
      shippedPickup: (n: string) => `Your order ${n} is ready: you can collect it now.`,
      shippedGift: (n: string, to: string) =>
        `Your gift order ${n} has left our kitchen and is on its way to ${to}.`,
      completed: (n: string) => `Your order ${n} is complete. We hope you enjoy your sweets!`,
      delivered: (n: string) => `Your order ${n} has been delivered. Enjoy your meal!`,
      pickedUp: (n: string) => `You have collected your order ${n}. Enjoy your meal!`,
      canceled: (n: string) => `We have cancelled your order ${n}.`,
      paid: (n: string) => `Thank you: we have received your payment for order ${n}.`,
    },
    reason: "Reason",
    refundNote: "You paid for this order: we will be in touch about your refund.",
    paidAmount: "Amount received",
    carrier: "Carrier",
    trackingNumber: "Tracking number",
    trackHere: "Track your parcel here:",
    link: "Follow your order here:",
  },
  ar: {
    subject: {
      confirmed: (n: string) => `تم تأكيد طلبك ${n} – حلويات القطر الذهبي`,
      shipped: (n: string) => `طلبك ${n} في الطريق إليك – حلويات القطر الذهبي`,
      shippedPickup: (n: string) => `طلبك ${n} جاهز للاستلام – حلويات القطر الذهبي`,
      shippedGift: (n: string) => `طلب الهدية ${n} في الطريق – حلويات القطر الذهبي`,
      completed: (n: string) => `اكتمل طلبك ${n} – حلويات القطر الذهبي`,
      delivered: (n: string) => `تم توصيل طلبك ${n} – حلويات القطر الذهبي`,
      pickedUp: (n: string) => `استلمتَ طلبك ${n} – حلويات القطر الذهبي`,
      canceled: (n: string) => `أُلغي طلبك ${n} – حلويات القطر الذهبي`,
      paid: (n: string) => `استلمنا دفعتك للطلب ${n} – حلويات القطر الذهبي`,
    },
    lead: {
      confirmed: (n: string) => `خبر سار: أكّدنا طلبك ${n} وسنبدأ بتحضيره.`,
      shipped: (n: string) => `غادر طلبك ${n} مطبخنا وهو في الطريق إليك.`,
      shippedPickup: (n: string) => `طلبك ${n} جاهز: يمكنك استلامه الآن.`,
      shippedGift: (n: string, to: string) =>
        `غادر طلب الهدية ${n} مطبخنا وهو في الطريق إلى ${to}.`,
      completed: (n: string) => `اكتمل طلبك ${n}. نتمنى أن تستمتع بحلوياتك!`,
      delivered: (n: string) => `تم توصيل طلبك ${n}. بالهناء والشفاء!`,
      pickedUp: (n: string) => `استلمتَ طلبك ${n}. بالهناء والشفاء!`,
      canceled: (n: string) => `ألغينا طلبك ${n}.`,
      paid: (n: string) => `شكراً لك: استلمنا دفعتك للطلب ${n}.`,
    },
    reason: "السبب",
    refundNote: "لقد دفعت ثمن هذا الطلب: سنتواصل معك بشأن استرداد المبلغ.",
    paidAmount: "المبلغ المستلَم",
    carrier: "شركة الشحن",
    trackingNumber: "رقم التتبع",
    trackHere: "تتبّع شحنتك من هنا:",
    link: "تابع طلبك من هنا:",
  },
} as const;

/**
 * The customer's e-mail for one moment of their order, in the order's language and
 * direction: what happened, the carrier and tracking once shipped, the reason of a
 * cancellation, the amount of a payment, how the order travels, its total and where to follow
 * it (`link`: its private page). `kitchen`: the kitchen's last step when it completes an order
 * holding a dish, so the customer reads "delivered" or "collected" (and a meal, not sweets).
 */
export function orderStatusMail(
  order: StatusMailOrder,
  lang: Lang,
  kind: OrderMessageKind,
  opts: { link: string; reason?: string | null; kitchen?: "delivered" | "picked_up" | null },
): Mail {
  const t = TEXTS[lang];
  const c = COMMON[lang];
  const pickup = order.shipping.kind === "pickup";
  const recipient = order.giftRecipient?.trim() || null;
  // A shipped gift names its recipient: "on its way to you" would tell the buyer to wait for it.
  const moment =
    kind === "shipped" && pickup
      ? "shippedPickup"
      : kind === "shipped" && recipient
        ? "shippedGift"
        : kind === "completed" && opts.kitchen === "delivered"
          ? "delivered"
          : kind === "completed" && opts.kitchen === "picked_up"
            ? "pickedUp"
            : kind;
  const lead =
    moment === "shippedGift"
      ? t.lead.shippedGift(order.number, recipient ?? "")
      : t.lead[moment](order.number);
  const leadHtml =
    moment === "shippedGift"
      ? withUserText((to) => t.lead.shippedGift(order.number, to), recipient ?? "")
      : escapeHtml(lead);
  const reason = kind === "canceled" ? opts.reason?.trim() || null : null;
  const s = order.shipping;
  const carrier =
    kind === "shipped" && s.carrier ? (lang === "ar" && s.carrier_ar) || s.carrier : null;
  const trackingNumber = kind === "shipped" ? s.tracking_number : null;
  const trackingUrl =
    kind === "shipped" && s.tracking_url && /^https?:\/\//i.test(s.tracking_url)
      ? s.tracking_url
      : null;
  const paid = kind === "paid" ? formatMoney(order.paidCents ?? order.totalCents, lang) : null;
  const refund = kind === "canceled" && order.paymentStatus === "paid";
  const total = formatMoney(order.totalCents, lang);
  const shipping = shippingRows(order, lang);

  const text = [
    c.hello(order.name),
    "",
    lead,
    ...(reason ? [`${t.reason}: ${reason}`] : []),
    ...(refund ? [t.refundNote] : []),
    ...(paid ? [`${t.paidAmount}: ${paid}`] : []),
    ...(carrier ? [`${t.carrier}: ${carrier}`] : []),
    ...(trackingNumber ? [`${t.trackingNumber}: ${trackingNumber}`] : []),
    ...(trackingUrl ? [t.trackHere, trackingUrl] : []),
    "",
    ...shipping.map((row) => `${row.label}: ${row.value}`),
    `${c.total}: ${total}`,
    c.usd,
    "",
    t.link,
    opts.link,
    "",
    c.bye,
    c.brand,
  ].join("\n");

  const dir = lang === "ar" ? "rtl" : "ltr";
  const a = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif">
<p>${withUserText(c.hello, order.name)}</p>
${openingHtml(`order_${kind}` as MailOpeningKind, leadHtml, order.number)}
${reason ? `<p>${escapeHtml(t.reason)}: <bdi dir="auto">${escapeHtml(reason)}</bdi></p>\n` : ""}${refund ? `<p>${escapeHtml(t.refundNote)}</p>\n` : ""}${paid ? `<p>${escapeHtml(t.paidAmount)}: <bdi dir="ltr">${escapeHtml(paid)}</bdi></p>\n` : ""}${carrier ? `<p><b>${escapeHtml(t.carrier)}:</b> <bdi dir="auto">${escapeHtml(carrier)}</bdi></p>\n` : ""}${trackingNumber ? `<p><b>${escapeHtml(t.trackingNumber)}:</b> <bdi dir="ltr">${escapeHtml(trackingNumber)}</bdi></p>\n` : ""}${trackingUrl ? `<p>${escapeHtml(t.trackHere)} ${a(trackingUrl)}</p>\n` : ""}${shippingHtml(shipping)}
${moneyTable(lang, [{ label: escapeHtml(c.total), amount: total, total: true }])}
<p>${escapeHtml(c.usd)}</p>
<p>${escapeHtml(t.link)} ${a(opts.link)}</p>
<p>${escapeHtml(c.bye)}<br>${escapeHtml(c.brand)}</p>
</body></html>`;
  return { subject: t.subject[moment](order.number), text, html };
}
