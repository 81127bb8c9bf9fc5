import { dirFor, type Language } from "../../../shared/domain/language.ts";
import type { Mail } from "./templates.ts";

/** E-mails about the account itself (issue 25), kept apart from the order e-mails. */
const TEXTS = {
  en: {
    brand: "Golden Syrup Sweets",
    subject: "Reset your password – Golden Syrup Sweets",
    hello: (name: string) => `Hello ${name},`,
    asked: "Someone (we hope you) asked to reset the password of your account at our shop.",
    button: "Choose a new password",
    open: "Open this link to choose a new password:",
    expires:
      "The link works once, for one hour. Choosing a new password signs your account out everywhere.",
    ignore: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    bye: "With sweet regards,",
  },
  ar: {
    brand: "حلويات القطر الذهبي",
    subject: "إعادة تعيين كلمة المرور – حلويات القطر الذهبي",
    hello: (name: string) => `مرحباً ${name}،`,
    asked: "طلب أحدٌ (نأمل أنه أنت) إعادة تعيين كلمة مرور حسابك في متجرنا.",
    button: "اختر كلمة مرور جديدة",
    open: "افتح هذا الرابط لاختيار كلمة مرور جديدة:",
    expires: "يعمل الرابط مرة واحدة ولمدة ساعة. اختيار كلمة مرور جديدة يُخرج حسابك من كل الأجهزة.",
    ignore: "إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.",
    bye: "مع أطيب التحيات،",
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The password reset link, in the language the customer asked in (accounts keep none): plain
 * text and HTML, right to left in Arabic, the link itself always left to right.
 */
export function passwordResetMail(lang: Language, name: string, link: string): Mail {
  const t = TEXTS[lang];
  const text = [
    t.hello(name),
    "",
    t.asked,
    "",
    t.open,
    link,
    "",
    t.expires,
    t.ignore,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const href = escapeHtml(link);
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello(name))}</p>
<p>${escapeHtml(t.asked)}</p>
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#7a4b1e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.open)}<br><a href="${href}" dir="ltr">${href}</a></p>
<p>${escapeHtml(t.expires)}</p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
