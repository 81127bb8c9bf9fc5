import { dirFor, type Language } from "../../../shared/domain/language.ts";
import type { MailOpeningKind } from "../../../shared/domain/mail-openings.ts";
import { escapeHtml, type Mail, moneyTable, openingHtml } from "./templates.ts";

/** E-mails about the account itself, kept apart from the order e-mails. */
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

type AccountTexts = {
  brand: string;
  subject: string;
  hello: (name: string) => string;
  asked: string;
  button: string;
  open: string;
  expires: string;
  ignore: string;
  bye: string;
};

/**
 * The one body of the account e-mails: greeting, why, a button and the same link written
 * out, how long it works, what to do if it was not you; plain text and HTML, right to left
 * in Arabic, the link itself always left to right.
 */
function accountLinkMail(
  kind: MailOpeningKind,
  lang: Language,
  t: AccountTexts,
  name: string,
  link: string,
): Mail {
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
${openingHtml(kind, escapeHtml(t.asked))}
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#7a4b1e;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.open)}<br><a href="${href}" dir="ltr">${href}</a></p>
<p>${escapeHtml(t.expires)}</p>
<p>${escapeHtml(t.ignore)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

/** The password reset link, in the language the customer asked in (accounts keep none). */
export function passwordResetMail(lang: Language, name: string, link: string): Mail {
  return accountLinkMail("password_reset", lang, TEXTS[lang], name, link);
}

const VERIFY_TEXTS = {
  en: {
    subject: "Verify your e-mail address – Golden Syrup Sweets",
    asked: "Please confirm that this e-mail address belongs to your account at our shop.",
    button: "Verify my e-mail address",
    open: "Open this link to verify your address:",
    expires: "The link works once, for 24 hours. You can ask for a new one on your account page.",
    ignore: "If you did not create an account or change its e-mail, ignore this e-mail.",
  },
  ar: {
    subject: "تأكيد بريدك الإلكتروني – حلويات القطر الذهبي",
    asked: "يرجى تأكيد أن عنوان البريد الإلكتروني هذا يخص حسابك في متجرنا.",
    button: "تأكيد بريدي الإلكتروني",
    open: "افتح هذا الرابط لتأكيد عنوانك:",
    expires: "يعمل الرابط مرة واحدة ولمدة 24 ساعة. يمكنك طلب رابط جديد من صفحة حسابك.",
    ignore: "إن لم تنشئ حساباً أو تغيّر بريده الإلكتروني فتجاهل هذه الرسالة.",
  },
} as const;

/**
 * The e-mail verification link (registration, an e-mail change, "send again"), in the
 * language of the page the customer used.
 */
export function emailVerificationMail(lang: Language, name: string, link: string): Mail {
  return accountLinkMail(
    "email_verification",
    lang,
    { ...TEXTS[lang], ...VERIFY_TEXTS[lang] },
    name,
    link,
  );
}

const EMAIL_CHANGED_TEXTS = {
  en: {
    subject: "Your e-mail address was changed – Golden Syrup Sweets",
    changed: (to: string) =>
      `The e-mail address of your account at our shop was changed to ${to}. E-mails about your account and orders now go there.`,
    notYou:
      "If you did not change it, someone may know your password: reply to this e-mail or contact us, and we will help you get your account back.",
  },
  ar: {
    subject: "تم تغيير بريدك الإلكتروني – حلويات القطر الذهبي",
    changed: (to: string) =>
      `تم تغيير عنوان البريد الإلكتروني لحسابك في متجرنا إلى ${to}. تُرسل رسائل حسابك وطلباتك إليه من الآن.`,
    notYou:
      "إن لم تغيّره أنت فربما يعرف أحدٌ كلمة مرورك: ردّ على هذه الرسالة أو تواصل معنا وسنساعدك على استعادة حسابك.",
  },
} as const;

/** `r***@example.com`: enough for the owner to recognise, not a gift to whoever reads the old box. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * The notice to the old address when an account's e-mail changes: the one way the owner
 * hears of it if someone else did it. No link (nothing to click in a message that may be
 * read by the wrong person); the new address masked.
 */
export function emailChangedMail(lang: Language, name: string, newEmail: string): Mail {
  const t = { ...TEXTS[lang], ...EMAIL_CHANGED_TEXTS[lang] };
  const lines = [t.hello(name), t.changed(maskedEmail(newEmail)), t.notYou, t.bye, t.brand];
  const text = [lines[0], "", lines[1], "", lines[2], "", lines[3], lines[4]].join("\n");
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello(name))}</p>
${openingHtml("email_changed", escapeHtml(t.changed(maskedEmail(newEmail))))}
<p>${escapeHtml(t.notYou)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

const INVITE_TEXTS = {
  en: {
    subject: "Your trader account – Golden Syrup Sweets",
    asked:
      "Welcome: your trader account at our shop is ready. Choose a password to sign in, see your wholesale prices and order on your terms.",
    button: "Choose my password",
    open: "Open this link to choose your password:",
    expires:
      "The link works once, for 7 days. After that, use “Forgot password” on the sign-in page.",
    ignore: "If you did not ask to trade with us, ignore this e-mail.",
  },
  ar: {
    subject: "حساب التاجر الخاص بك – حلويات القطر الذهبي",
    asked:
      "أهلاً بك: حساب التاجر الخاص بك في متجرنا جاهز. اختر كلمة مرور لتسجيل الدخول ورؤية أسعار الجملة والطلب وفق شروط الدفع الخاصة بك.",
    button: "اختر كلمة المرور",
    open: "افتح هذا الرابط لاختيار كلمة المرور:",
    expires:
      "يعمل الرابط مرة واحدة ولمدة 7 أيام. بعد ذلك استخدم «نسيت كلمة المرور» في صفحة الدخول.",
    ignore: "إن لم تطلب التعامل معنا كتاجر فتجاهل هذه الرسالة.",
  },
} as const;

/** A new trader's invitation to choose a password, in the language of its enquiry. */
export function traderInvitationMail(lang: Language, name: string, link: string): Mail {
  return accountLinkMail(
    "trader_invitation",
    lang,
    { ...TEXTS[lang], ...INVITE_TEXTS[lang] },
    name,
    link,
  );
}

const REMINDER_TEXTS = {
  en: {
    subject: "Payment reminder – Golden Syrup Sweets",
    hello: (name: string) => `Hello ${name},`,
    body: "A friendly reminder of the orders on invoice still open on your account:",
    line: (order: string, amount: string, due: string) => `${order}: ${amount}, due ${due}`,
    total: (amount: string) => `Total open: ${amount}`,
    totalLabel: "Total open",
    close: "If you have already paid, thank you, and please ignore this message.",
    bye: "With thanks,",
    brand: "Golden Syrup Sweets",
  },
  ar: {
    subject: "تذكير بالدفع – حلويات القطر الذهبي",
    hello: (name: string) => `مرحباً ${name}،`,
    body: "تذكير ودي بالطلبات المفوترة التي ما زالت مفتوحة على حسابكم:",
    line: (order: string, amount: string, due: string) => `${order}: ${amount}، يستحق في ${due}`,
    total: (amount: string) => `إجمالي المفتوح: ${amount}`,
    totalLabel: "إجمالي المفتوح",
    close: "إذا كنتم قد دفعتم بالفعل فشكراً لكم، ويرجى تجاهل هذه الرسالة.",
    bye: "مع الشكر،",
    brand: "حلويات القطر الذهبي",
  },
} as const;

/** The owner's payment reminder to a trader: its open orders on invoice, in its language. */
export function paymentReminderMail(
  lang: Language,
  company: string,
  lines: ReadonlyArray<{ number: string; amount: string; due: string }>,
  total: string,
): Mail {
  const t = REMINDER_TEXTS[lang];
  const items = lines.map((l) => t.line(l.number, l.amount, l.due));
  const text = [
    t.hello(company),
    "",
    t.body,
    ...items,
    "",
    t.total(total),
    "",
    t.close,
    "",
    t.bye,
    t.brand,
  ].join("\n");
  const html = `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.hello(company))}</p>
${openingHtml("payment_reminder", escapeHtml(t.body))}
${moneyTable(lang, [
  ...lines.map((l) => ({
    label: `<span dir="ltr">${escapeHtml(l.number)}</span>`,
    detail: escapeHtml(l.due),
    amount: l.amount,
  })),
  { label: escapeHtml(t.totalLabel), amount: total, total: true },
])}
<p>${escapeHtml(t.close)}</p>
<p>${escapeHtml(t.bye)}<br>${escapeHtml(t.brand)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
