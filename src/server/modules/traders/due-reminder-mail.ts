import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { escapeHtml, type Mail } from "../mail/templates.ts";

export type DueReminderKind = "due" | "overdue";

const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: {
      due: (number: string) => `Invoice ${number} is due today – Golden Syrup Sweets`,
      overdue: (number: string) => `Invoice ${number} is overdue – Golden Syrup Sweets`,
    },
    hello: (name: string) => `Hello ${name},`,
    body: {
      due: (number: string, amount: string, due: string) =>
        `Invoice ${number} for ${amount} falls due today, ${due}.`,
      overdue: (number: string, amount: string, due: string) =>
        `Invoice ${number} for ${amount} was due on ${due} and is still open.`,
    },
    account: "Your invoices and statement are on your account page:",
    close: "If you have already paid, thank you, and please ignore this message.",
    bye: "With thanks,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: {
      due: (number: string) => `الفاتورة ${number} تستحق اليوم – حلويات القطر الذهبي`,
      overdue: (number: string) => `الفاتورة ${number} متأخرة السداد – حلويات القطر الذهبي`,
    },
    hello: (name: string) => `مرحباً ${name}،`,
    body: {
      due: (number: string, amount: string, due: string) =>
        `الفاتورة ${number} بمبلغ ${amount} تستحق اليوم، ${due}.`,
      overdue: (number: string, amount: string, due: string) =>
        `الفاتورة ${number} بمبلغ ${amount} كانت مستحقة في ${due} وما زالت مفتوحة.`,
    },
    account: "فواتيركم وكشف حسابكم في صفحة حسابكم:",
    close: "إذا كنتم قد دفعتم بالفعل فشكراً لكم، ويرجى تجاهل هذه الرسالة.",
    bye: "مع الشكر،",
  },
} as const;

/**
 * The automatic reminder for one invoice on terms, in the trader's language: on its due day,
 * or a week after it when still unpaid. Numbers and dates sit in left-to-right spans.
 */
export function dueReminderMail(
  lang: Language,
  kind: DueReminderKind,
  invoice: { company: string; number: string; amount: string; due: string },
  accountUrl: string,
): Mail {
  const t = TEXTS[lang];
  const body = t.body[kind](invoice.number, invoice.amount, invoice.due);
  const text = [
    t.hello(invoice.company),
    "",
    body,
    "",
    t.account,
    accountUrl,
    "",
    t.close,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const ltr = (value: string) => `<span dir="ltr">${escapeHtml(value)}</span>`;
  // The sentences hold no markup of their own: only the values need escaping.
  const bodyHtml = t.body[kind](ltr(invoice.number), ltr(invoice.amount), ltr(invoice.due));
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello(invoice.company))}</p>
<p>${bodyHtml}</p>
<p>${escapeHtml(t.account)}<br><a href="${escapeHtml(accountUrl)}" dir="ltr">${escapeHtml(accountUrl)}</a></p>
<p>${escapeHtml(t.close)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject[kind](invoice.number), text, html };
}
