/**
 * The newsletter's own texts (double opt-in and one-click unsubscribe). Free of zod,
 * so the link pages can translate them without loading the schemas.
 */
export const NEWSLETTER_MESSAGES = {
  TOKEN_REQUIRED: "The link is incomplete. Please open the link from the e-mail again.",
  TOKEN_INVALID: "This link is not valid any more. It may have been used already.",
} as const;
