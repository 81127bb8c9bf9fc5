import { formatMoney, type Lang } from "./money.ts";
import type { OrderStatus } from "./order-states.ts";
import type { PaymentStatus } from "./payments.ts";

// What the customer is told when their order moves. The e-mails (server) and the
// messaging-app text the owner sends from the order desk (web) read their words from here, in
// the ORDER's language, whatever language the back office is shown in.

/** The moments a customer is told about, each one the owner can switch off (settings). */
export const ORDER_MESSAGE_KINDS = [
  "confirmed",
  "shipped",
  "completed",
  "canceled",
  "paid",
] as const;
export type OrderMessageKind = (typeof ORDER_MESSAGE_KINDS)[number];
export type OrderMessageSwitches = Record<OrderMessageKind, boolean>;

/** Every kind on: the default of a shop that never touched the switches. */
export const DEFAULT_ORDER_MESSAGES: Readonly<OrderMessageSwitches> = {
  confirmed: true,
  shipped: true,
  completed: true,
  canceled: true,
  paid: true,
};

/** The message a status change sends, if any (pending and preparing send none). */
export function messageKindForStatus(status: OrderStatus): OrderMessageKind | null {
  return status === "confirmed" ||
    status === "shipped" ||
    status === "completed" ||
    status === "canceled"
    ? status
    : null;
}

/** The states as a customer reads them, in both languages. */
export const ORDER_STATUS_NAMES: Readonly<Record<Lang, Readonly<Record<OrderStatus, string>>>> = {
  en: {
    pending: "Received, waiting for confirmation",
    confirmed: "Confirmed",
    preparing: "Being prepared",
    shipped: "On its way",
    completed: "Delivered",
    canceled: "Cancelled",
  },
  ar: {
    pending: "مُستلَم، بانتظار التأكيد",
    confirmed: "مؤكَّد",
    preparing: "قيد التحضير",
    shipped: "في الطريق إليك",
    completed: "تم التسليم",
    canceled: "ملغى",
  },
};

export const PAYMENT_STATUS_NAMES: Readonly<Record<Lang, Readonly<Record<PaymentStatus, string>>>> =
  {
    en: {
      unpaid: "Not paid yet",
      paid: "Paid",
      refunded: "Refunded",
      partially_refunded: "Partly refunded",
      balance_due: "Balance due",
    },
    ar: {
      unpaid: "لم يُدفع بعد",
      paid: "مدفوع",
      refunded: "مُسترَد",
      partially_refunded: "مُسترَد جزئياً",
      balance_due: "يوجد مبلغ مستحق",
    },
  };

export type OrderStateMessageInput = {
  number: string;
  name: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalCents: number;
  /** The order's language: the text is in it, not in the back office's. */
  lang: Lang;
  /** Where the customer follows the order. */
  link: string;
  /** Once shipped: the carrier (in the order's language) and the tracking number and link. */
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
};

const TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    about: (number: string) => `this is Golden Syrup Sweets about your order ${number}.`,
    state: "State",
    payment: "Payment",
    total: "Total",
    usd: "(charged in US dollars)",
    carrier: "Carrier",
    tracking: "Tracking",
    link: "Follow your order here:",
  },
  ar: {
    hello: (name: string) => `مرحباً ${name}،`,
    about: (number: string) => `نراسلك من حلويات القطر الذهبي بخصوص طلبك ${number}.`,
    state: "الحالة",
    payment: "الدفع",
    total: "الإجمالي",
    usd: "(يُحتسب بالدولار الأمريكي)",
    carrier: "شركة الشحن",
    tracking: "التتبع",
    link: "تابع طلبك من هنا:",
  },
} as const;

/**
 * The messaging-app text the owner sends from the order desk: who, which order, its state
 * and payment, the total, the carrier and tracking once shipped, and where to follow it.
 */
export function orderStateMessage(input: OrderStateMessageInput): string {
  const t = TEXTS[input.lang];
  const shipped = input.status === "shipped" || input.status === "completed";
  const tracking = input.trackingUrl || input.trackingNumber;
  return [
    input.name.trim()
      ? `${t.hello(input.name.trim())} ${t.about(input.number)}`
      : t.about(input.number),
    `${t.state}: ${ORDER_STATUS_NAMES[input.lang][input.status]}`,
    `${t.payment}: ${PAYMENT_STATUS_NAMES[input.lang][input.paymentStatus]}`,
    `${t.total}: ${formatMoney(input.totalCents, input.lang)} ${t.usd}`,
    ...(shipped && input.carrier ? [`${t.carrier}: ${input.carrier}`] : []),
    ...(shipped && tracking ? [`${t.tracking}: ${tracking}`] : []),
    `${t.link} ${input.link}`,
  ].join("\n");
}
