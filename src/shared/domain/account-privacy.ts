/**
 * Issue 25: the server's answers about e-mail verification and the customer's own data,
 * zod-free so the browser's message translator can key them (the account pages register
 * them under `emailVerification.*` and `accountDeletion.*` in the `account` namespace).
 */
export const EMAIL_VERIFICATION_MESSAGES = {
  TOKEN_REQUIRED:
    "The verification link is incomplete. Please open the link from the e-mail again.",
  TOKEN_INVALID:
    "This verification link is not valid or has expired. Please ask for a new one from your account page.",
  DONE: "Your e-mail address is verified. Thank you!",
  SENT: "We have sent a verification link to your e-mail address.",
  TOO_MANY: "Too many verification e-mails. Please wait a while before asking again.",
  ALREADY: "Your e-mail address is already verified.",
  UNAVAILABLE: "This shop cannot send e-mails yet, so addresses cannot be verified.",
} as const;

export const ACCOUNT_DELETION_MESSAGES = {
  PASSWORD_REQUIRED: "Please enter your password to confirm.",
  PASSWORD_WRONG: "The password is incorrect.",
  LAST_ADMIN:
    "You are the shop's only admin, so this account cannot be deleted. Add another admin first.",
  LAST_OWNER:
    "You are the shop's only owner, so this account cannot be deleted. Make another admin an owner first.",
} as const;

/**
 * What an erased customer's orders keep in place of the name, phone, city and street
 * address (the e-mail and notes become empty). The order's lines, totals, country, payments
 * and history stay for the shop's books (ADR 0026).
 */
export const DELETED_CUSTOMER = "deleted customer";
