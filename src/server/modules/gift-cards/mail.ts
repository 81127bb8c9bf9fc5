import { formatGiftCardCode } from "../../../shared/domain/gift-cards.ts";
import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { formatMoney } from "../../../shared/domain/money.ts";
import { escapeHtml, type Mail } from "../mail/templates.ts";

const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: (from: string) => `${from} sent you a gift card – Golden Syrup Sweets`,
    hello: (name: string) => `Hello ${name},`,
    sent: (from: string, amount: string) =>
      `${from} has sent you a gift card of ${amount} to choose your own sweets.`,
    message: "Their message:",
    code: "Your gift card code:",
    use: "Type it at checkout: it pays as much of the order as its balance holds, over as many orders as you like.",
    shop: "Choose your sweets here:",
    keep: "Keep this code to yourself: whoever has it can spend the card.",
    bye: "With sweet regards,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: (from: string) => `أرسل لك ${from} بطاقة هدية – حلويات القطر الذهبي`,
    hello: (name: string) => `مرحباً ${name}،`,
    sent: (from: string, amount: string) =>
      `أرسل لك ${from} بطاقة هدية بقيمة ${amount} لتختار حلوياتك بنفسك.`,
    message: "رسالته إليك:",
    code: "رمز بطاقة الهدية:",
    use: "اكتبه عند إتمام الطلب: يدفع من الطلب بقدر رصيده، على طلبات عدة كما تشاء.",
    shop: "اختر حلوياتك من هنا:",
    keep: "احتفظ بهذا الرمز لنفسك: من يملكه يستطيع إنفاق البطاقة.",
    bye: "مع أطيب التحيات،",
  },
} as const;

/**
 * The recipient's e-mail of a bought gift card, in the language the buyer chose, with the
 * buyer's message and the code: the only place the code is ever written.
 */
export function giftCardMail(
  lang: Language,
  card: { code: string; amountCents: number; from: string; to: string; message: string | null },
  links: { shop: string },
): Mail {
  const t = TEXTS[lang];
  const amount = formatMoney(card.amountCents, lang);
  const code = formatGiftCardCode(card.code);
  const text = [
    t.hello(card.to),
    "",
    t.sent(card.from, amount),
    ...(card.message ? ["", t.message, card.message] : []),
    "",
    t.code,
    code,
    "",
    t.use,
    "",
    t.shop,
    links.shop,
    "",
    t.keep,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const bdi = (value: string) => `<bdi dir="auto">${escapeHtml(value)}</bdi>`;
  const sent = escapeHtml(t.sent("\u0001", "\u0002"))
    .replace("\u0001", bdi(card.from))
    .replace("\u0002", `<span dir="ltr">${escapeHtml(amount)}</span>`);
  const hello = escapeHtml(t.hello("\u0001")).replace("\u0001", bdi(card.to));
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${hello}</p>
<p>${sent}</p>
${card.message ? `<p>${escapeHtml(t.message)}</p><blockquote dir="auto">${escapeHtml(card.message)}</blockquote>` : ""}
<p>${escapeHtml(t.code)}</p>
<p style="font-size:22px;font-weight:bold;letter-spacing:2px" dir="ltr" data-gift-card-code>${escapeHtml(code)}</p>
<p>${escapeHtml(t.use)}</p>
<p>${escapeHtml(t.shop)} <a href="${escapeHtml(links.shop)}">${escapeHtml(links.shop)}</a></p>
<p>${escapeHtml(t.keep)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject(card.from), text, html };
}
