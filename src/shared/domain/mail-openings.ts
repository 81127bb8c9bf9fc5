/**
 * The e-mails whose opening sentence the owner may rewrite in Settings, in both languages.
 * A template marks its opening paragraph with `data-opening="<kind>"`; the mail kit puts the
 * owner's sentence there (and on the same line of the plain-text part) when one is written,
 * and keeps the template's own sentence when it is empty.
 */
export const MAIL_OPENING_KINDS = [
  "order_confirmation",
  "order_confirmed",
  "order_shipped",
  "order_completed",
  "order_canceled",
  "order_paid",
  "order_cancelled_unpaid",
  "order_changed",
  "order_payment_link",
  "password_reset",
  "email_verification",
  "email_changed",
  "trader_invitation",
  "payment_reminder",
  "restock_alert",
] as const;
export type MailOpeningKind = (typeof MAIL_OPENING_KINDS)[number];

/** The owner's sentences by kind; a missing kind or an empty text = the template's own. */
export type MailOpenings = Partial<Record<MailOpeningKind, { en: string; ar: string }>>;

/** `{order}` in the owner's sentence stands for the order's number. */
export const ORDER_PLACEHOLDER = "{order}";

/** The owner's sentence for `kind` in `lang`, the order number put in; null = keep the default. */
export function customOpening(
  openings: MailOpenings | undefined,
  kind: string,
  lang: "en" | "ar",
  order: string | null,
): string | null {
  const entry = openings?.[kind as MailOpeningKind];
  const sentence = entry?.[lang]?.trim();
  if (!sentence) return null;
  return sentence.split(ORDER_PLACEHOLDER).join(order ?? "");
}
