import { formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { lineDiff } from "../../../shared/domain/order-changes.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { OrderChangeLine, OrderChangeSnapshot } from "../../db/schema/orders.ts";
import { escapeHtml, type Mail, moneyTable, openingHtml } from "../mail/templates.ts";

const SHOP = { en: "Golden Syrup Sweets", ar: "حلويات القطر الذهبي" } as const;

const TEXTS = {
  en: {
    subject: (n: string) => `Your order ${n} was changed – ${SHOP.en}`,
    hello: (name: string) => `Hello ${name},`,
    lead: (n: string) => `We have changed your order ${n}. Here is what changed:`,
    added: "Added",
    removed: "Removed",
    changed: "Changed",
    weighed: (g: number) => `weighed ${g.toLocaleString("en")} g`,
    oldTotal: "Total before",
    newTotal: "New total",
    due: "Still to pay",
    link: "See your order here:",
    linkSubject: (n: string) => `Pay for your order ${n} – ${SHOP.en}`,
    linkLead: (n: string, amount: string) =>
      `You can pay ${amount} for your order ${n} by card here:`,
    linkEnds: (at: string) => `The link works until ${at}.`,
  },
  ar: {
    subject: (n: string) => `تم تعديل طلبك ${n} – ${SHOP.ar}`,
    hello: (name: string) => `مرحباً ${name}،`,
    lead: (n: string) => `عدّلنا طلبك ${n}. هذا ما تغيّر:`,
    added: "أُضيف",
    removed: "أُزيل",
    changed: "تغيّر",
    weighed: (g: number) => `الوزن الفعلي ${g.toLocaleString("ar")} غ`,
    oldTotal: "المجموع السابق",
    newTotal: "المجموع الجديد",
    due: "المبلغ المتبقي",
    link: "تابع طلبك هنا:",
    linkSubject: (n: string) => `ادفع ثمن طلبك ${n} – ${SHOP.ar}`,
    linkLead: (n: string, amount: string) => `يمكنك دفع ${amount} لطلبك ${n} بالبطاقة من هنا:`,
    linkEnds: (at: string) => `يعمل الرابط حتى ${at}.`,
  },
} as const;

function lineText(line: OrderChangeLine, lang: Lang): string {
  const t = TEXTS[lang];
  const weighed = line.weighed_grams === null ? "" : `, ${t.weighed(line.weighed_grams)}`;
  return `${line.name} (${optionLabel(line.grams, lang)}) × ${line.qty}${weighed}: ${formatMoney(toCents(line.line_total), lang)}`;
}

/** A bare document of blocks; a string is a paragraph, `{ html }` goes in as it is. */
function page(lang: Lang, blocks: Array<string | { html: string }>): string {
  const dir = lang === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:sans-serif">${blocks
    .map((b) => (typeof b === "string" ? `<p>${b}</p>` : b.html))
    .join("")}</body></html>`;
}

/** The customer's e-mail after the desk changed their order: what changed and the new total. */
export function orderChangedMail(input: {
  number: string;
  name: string;
  lang: Lang;
  before: OrderChangeSnapshot;
  after: OrderChangeSnapshot;
  balanceDueCents: number;
  link: string;
}): Mail {
  const { lang } = input;
  const t = TEXTS[lang];
  const diff = lineDiff(input.before.lines, input.after.lines);
  const rows = [
    ...diff.added.map((line) => `${t.added}: ${lineText(line, lang)}`),
    ...diff.removed.map((line) => `${t.removed}: ${lineText(line, lang)}`),
    ...diff.changed.map(
      (c) => `${t.changed}: ${lineText(c.before, lang)} → ${lineText(c.after, lang)}`,
    ),
  ];
  const sums: Array<[string, string]> = [
    [t.oldTotal, formatMoney(toCents(input.before.total), lang)],
    [t.newTotal, formatMoney(toCents(input.after.total), lang)],
    ...(input.balanceDueCents > 0
      ? [[t.due, formatMoney(input.balanceDueCents, lang)] as [string, string]]
      : []),
  ];
  const totals = sums.map(([label, value]) => `${label}: ${value}`);
  const text = [
    t.hello(input.name),
    "",
    t.lead(input.number),
    ...rows.map((row) => `- ${row}`),
    "",
    ...totals,
    "",
    t.link,
    input.link,
  ].join("\n");
  const html = page(lang, [
    escapeHtml(t.hello(input.name)),
    { html: openingHtml("order_changed", escapeHtml(t.lead(input.number)), input.number) },
    rows.map(escapeHtml).join("<br>"),
    {
      html: moneyTable(
        lang,
        sums.map(([label, amount], i) => ({
          label: escapeHtml(label),
          amount,
          total: i === 1,
        })),
      ),
    },
    `${escapeHtml(t.link)} <a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`,
  ]);
  return { subject: t.subject(input.number), text, html };
}

/** The payment link the desk e-mails: the amount, the card page and when it ends. */
export function paymentLinkMail(input: {
  number: string;
  name: string;
  lang: Lang;
  amountCents: number;
  url: string;
  expiresAt: Date;
}): Mail {
  const { lang } = input;
  const t = TEXTS[lang];
  const amount = formatMoney(input.amountCents, lang);
  const ends = new Intl.DateTimeFormat(lang === "ar" ? "ar" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Damascus",
  }).format(input.expiresAt);
  const text = [
    t.hello(input.name),
    "",
    t.linkLead(input.number, amount),
    input.url,
    "",
    t.linkEnds(ends),
  ].join("\n");
  const html = page(lang, [
    escapeHtml(t.hello(input.name)),
    {
      html: openingHtml(
        "order_payment_link",
        escapeHtml(t.linkLead(input.number, amount)),
        input.number,
      ),
    },
    `<a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a>`,
    escapeHtml(t.linkEnds(ends)),
  ]);
  return { subject: t.linkSubject(input.number), text, html };
}
