import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { escapeHtml, type Mail } from "../mail/templates.ts";

const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: "Your sweets are waiting – Golden Syrup Sweets",
    hello: "Hello,",
    left: "You left these in your cart:",
    button: "Return to my cart",
    open: "Open this link to pick up where you left off:",
    once: "You asked for this one reminder at checkout; we will not write again about this cart.",
    bye: "With sweet regards,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: "حلوياتك بانتظارك – حلويات القطر الذهبي",
    hello: "مرحباً،",
    left: "تركت هذه في سلتك:",
    button: "العودة إلى سلتي",
    open: "افتح هذا الرابط لتكمل من حيث توقفت:",
    once: "طلبت هذا التذكير الواحد عند الدفع؛ لن نراسلك مرة أخرى بشأن هذه السلة.",
    bye: "مع أطيب التحيات،",
  },
} as const;

/** One line of the cart as the reminder shows it: the name in the e-mail's language. */
export type ReminderLine = { name: string; grams: number; qty: number };

const weight = (grams: number, lang: Language) =>
  grams % 1000 === 0
    ? `${grams / 1000} ${lang === "ar" ? "كغ" : "kg"}`
    : `${grams} ${lang === "ar" ? "غ" : "g"}`;

/** The one reminder: the cart's lines and the link that puts them back in the cart. */
export function checkoutReminderMail(lang: Language, lines: ReminderLine[], restore: string): Mail {
  const t = TEXTS[lang];
  const rows = lines.map((line) => `${line.qty} × ${weight(line.grams, lang)} ${line.name}`);
  const text = [
    t.hello,
    "",
    t.left,
    ...rows.map((row) => `- ${row}`),
    "",
    t.open,
    restore,
    "",
    t.once,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const href = escapeHtml(restore);
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello)}</p>
<p>${escapeHtml(t.left)}</p>
<ul>${lines.map((line) => `<li><span dir="ltr">${line.qty} × ${escapeHtml(weight(line.grams, lang))}</span> <bdi>${escapeHtml(line.name)}</bdi></li>`).join("")}</ul>
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#7a4b1e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.open)}<br><a href="${href}" dir="ltr">${href}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(t.once)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
