import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { escapeHtml, type Mail } from "../mail/templates.ts";

const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: (number: string) => `How were your sweets? Order ${number} – Golden Syrup Sweets`,
    hello: (name: string) => `Hello ${name},`,
    ask: "We hope you enjoyed what you received:",
    why: "Would you tell other buyers what you thought? Stars and a few words, in English or Arabic, on your order's page:",
    once: "This is the only time we ask about this order.",
    stop: "Do not want to be asked for reviews again? Stop it with one click:",
    bye: "With sweet regards,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: (number: string) => `كيف كانت حلوياتك؟ الطلب ${number} – حلويات القطر الذهبي`,
    hello: (name: string) => `مرحباً ${name}،`,
    ask: "نتمنى أن يكون ما استلمته قد أعجبك:",
    why: "هل تخبر المشترين الآخرين برأيك؟ نجوم وكلمات قليلة، بالعربية أو الإنجليزية، في صفحة طلبك:",
    once: "هذه المرة الوحيدة التي نسألك فيها عن هذا الطلب.",
    stop: "لا تريد أن نطلب منك تقييماً بعد الآن؟ أوقف ذلك بنقرة واحدة:",
    bye: "مع أطيب التحيات،",
  },
} as const;

/**
 * The one e-mail asking a buyer to review a delivered order, in the order's language: the
 * products it held, the link to the review form on the order's page, a one-click stop.
 */
export function reviewRequestMail(
  lang: Language,
  order: { number: string; firstName: string; products: readonly string[] },
  links: { review: string; stop: string },
): Mail & { headers: Record<string, string> } {
  const t = TEXTS[lang];
  const text = [
    t.hello(order.firstName),
    "",
    t.ask,
    ...order.products.map((name) => `- ${name}`),
    "",
    t.why,
    links.review,
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
  const items = order.products
    .map((name) => `<li><bdi dir="auto">${escapeHtml(name)}</bdi></li>`)
    .join("");
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello(order.firstName))}</p>
<p>${escapeHtml(t.ask)}</p>
<ul>${items}</ul>
<p>${escapeHtml(t.why)}<br><a href="${escapeHtml(links.review)}" dir="ltr">${escapeHtml(links.review)}</a></p>
<p>${escapeHtml(t.once)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
<hr><p style="font-size:12px;color:#666">${escapeHtml(t.stop)}<br><a href="${escapeHtml(links.stop)}" dir="ltr">${escapeHtml(links.stop)}</a></p>
</body></html>`;
  return {
    subject: t.subject(order.number),
    text,
    html,
    // One-click stop in the mail client too (RFC 8058).
    headers: {
      "List-Unsubscribe": `<${links.stop}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
