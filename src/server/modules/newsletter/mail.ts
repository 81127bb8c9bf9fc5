import { dirFor, type Language } from "../../../shared/domain/language.ts";
import type { Mail } from "../mail/templates.ts";

/** Newsletter e-mails: each one ends with its one-click unsubscribe link. */
const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: "Please confirm your subscription – Golden Syrup Sweets",
    hello: "Hello,",
    asked: "Someone (we hope you) asked to receive our newsletter at this address.",
    button: "Yes, subscribe me",
    open: "Open this link to confirm:",
    ignore:
      "If you did not ask for this, ignore this e-mail: we will not write to you unless you confirm.",
    bye: "With sweet regards,",
    unsubscribe: "Do not want our e-mails? Unsubscribe with one click:",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: "يرجى تأكيد اشتراكك – حلويات القطر الذهبي",
    hello: "مرحباً،",
    asked: "طلب أحدٌ (نأمل أنه أنت) تلقّي نشرتنا البريدية على هذا العنوان.",
    button: "نعم، اشتركوا بي",
    open: "افتح هذا الرابط للتأكيد:",
    ignore: "إن لم تطلب ذلك فتجاهل هذه الرسالة: لن نراسلك ما لم تؤكّد.",
    bye: "مع أطيب التحيات،",
    unsubscribe: "لا تريد رسائلنا؟ ألغِ الاشتراك بنقرة واحدة:",
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The footer every newsletter e-mail carries: the one-click unsubscribe link. */
export function unsubscribeFooter(lang: Language, link: string): { text: string; html: string } {
  const t = TEXTS[lang];
  const href = escapeHtml(link);
  return {
    text: `\n--\n${t.unsubscribe}\n${link}\n`,
    html: `<hr><p style="font-size:12px;color:#666">${escapeHtml(t.unsubscribe)}<br><a href="${href}" dir="ltr">${href}</a></p>`,
  };
}

/** The double opt-in e-mail, in the language of the page the address was given on. */
export function confirmSubscriptionMail(
  lang: Language,
  links: { confirm: string; unsubscribe: string },
): Mail {
  const t = TEXTS[lang];
  const footer = unsubscribeFooter(lang, links.unsubscribe);
  const text = [t.hello, "", t.asked, "", t.open, links.confirm, "", t.ignore, "", t.bye, t.brand]
    .join("\n")
    .concat("\n", footer.text);
  const href = escapeHtml(links.confirm);
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello)}</p>
<p>${escapeHtml(t.asked)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#7a4b1e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.open)}<br><a href="${href}" dir="ltr">${href}</a></p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
${footer.html}
</body></html>`;
  return { subject: t.subject, text, html };
}
