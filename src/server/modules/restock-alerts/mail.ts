import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { escapeHtml, type Mail, openingHtml } from "../mail/templates.ts";

const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: (name: string) => `Back in stock: ${name} – Golden Syrup Sweets`,
    hello: "Hello,",
    back: (name: string) => `Good news: ${name} is back in stock. You asked us to tell you.`,
    open: "Order it here:",
    once: "This is the only e-mail we send for this request: your address has now been deleted from the list.",
    stop: "Do not want any other back-in-stock e-mails you asked for? Stop them with one click:",
    bye: "With sweet regards,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: (name: string) => `عاد إلى المخزون: ${name} – حلويات القطر الذهبي`,
    hello: "مرحباً،",
    back: (name: string) => `خبر سار: ${name} متوفر من جديد، كما طلبت أن نخبرك.`,
    open: "اطلبه من هنا:",
    once: "هذه الرسالة الوحيدة التي نرسلها لهذا الطلب: وقد حُذف عنوانك من القائمة الآن.",
    stop: "لا تريد رسائل التوفر الأخرى التي طلبتها؟ أوقفها بنقرة واحدة:",
    bye: "مع أطيب التحيات،",
  },
} as const;

/** The one e-mail a back-in-stock request gets, in the language it was asked in. */
export function restockMail(
  lang: Language,
  productName: string,
  links: { product: string; stop: string },
): Mail & { headers: Record<string, string> } {
  const t = TEXTS[lang];
  const text = [
    t.hello,
    "",
    t.back(productName),
    "",
    t.open,
    links.product,
    "",
    t.once,
    "",
    t.bye,
    t.brand,
    "",
    "--",
    t.stop,
    links.stop,
  ].join("\n");
  const name = `<bdi dir="auto">${escapeHtml(productName)}</bdi>`;
  const back = escapeHtml(t.back("\u0001")).replace("\u0001", name);
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello)}</p>
${openingHtml("restock_alert", back)}
<p>${escapeHtml(t.open)} <a href="${escapeHtml(links.product)}">${escapeHtml(links.product)}</a></p>
<p>${escapeHtml(t.once)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
<hr><p style="font-size:12px;color:#666">${escapeHtml(t.stop)}<br><a href="${escapeHtml(links.stop)}" dir="ltr">${escapeHtml(links.stop)}</a></p>
</body></html>`;
  return {
    subject: t.subject(productName),
    text,
    html,
    // One-click stop in the mail client too (RFC 8058).
    headers: {
      "List-Unsubscribe": `<${links.stop}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
