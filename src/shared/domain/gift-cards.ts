import type { Cents } from "./money.ts";

/** The API's and the forms' texts (English; the message translator has the Arabic). */
export const GIFT_CARD_MESSAGES = {
  /** The one answer for a wrong, void or empty code: nothing tells them apart. */
  NOT_USABLE: "This gift card code cannot be used.",
  CODE_REQUIRED: "Enter the gift card code.",
  AMOUNT: "Enter an amount between 1.00 and 1,000.00.",
  LAST_FOUR: "Enter the last four characters of the code.",
  NOT_FOUND: "Gift card not found.",
  ALREADY_VOID: "This gift card is already void.",
  CARD_REST:
    "A gift card that does not pay the whole order goes with cash on delivery or a transfer, not a card payment.",
} as const;

/**
 * Codes are 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L), shown in
 * groups of four. 31^16 ≈ 7 × 10^23 codes: guessing is hopeless under the rate limit.
 */
export const GIFT_CARD_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const GIFT_CARD_CODE_LENGTH = 16;
export const GIFT_CARD_MIN_CENTS = 100;
export const GIFT_CARD_MAX_CENTS = 100_000;

/** A code from random bytes (one byte per character, rejection-free bias under 1%). */
export function codeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CARD_CODE_LENGTH) throw new RangeError("16 random bytes needed");
  let code = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++)
    code += GIFT_CARD_ALPHABET[bytes[i]! % GIFT_CARD_ALPHABET.length];
  return code;
}

/**
 * What a shopper types, as the code is hashed: upper case, spaces and dashes dropped. Null
 * unless it is 16 characters of the alphabet (then it is no card's code either).
 */
export function normaliseGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return code;
}

/** "ABCD-EFGH-JKMN-PQRS": how the e-mail and the back office show a code. */
export const formatGiftCardCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

export type GiftCardEntry = {
  kind: "issue" | "spend" | "refund" | "void";
  /** Signed: issue and refund add, spend and void take away. */
  amountCents: Cents;
};

/** The balance a ledger adds up to: the card's balance is always this sum. */
export function ledgerBalance(entries: readonly GiftCardEntry[]): Cents {
  return entries.reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** What a card pays of an amount due: all of it, or its whole balance. Never negative. */
export function giftCardShare(balanceCents: Cents, dueCents: Cents): Cents {
  return Math.max(0, Math.min(balanceCents, dueCents));
}

/**
 * What the owner sells as the gift card product: fixed amounts, and optionally any amount
 * between two limits (both in cents). Off, the product is not offered at all.
 */
export type GiftCardOffer = {
  enabled: boolean;
  amountsCents: Cents[];
  customMinCents: Cents | null;
  customMaxCents: Cents | null;
};

/** Until the owner changes it: 25, 50 and 100, or any amount from 10 to 500. */
export const DEFAULT_GIFT_CARD_OFFER: GiftCardOffer = {
  enabled: true,
  amountsCents: [2500, 5000, 10_000],
  customMinCents: 1000,
  customMaxCents: 50_000,
};

/** How many gift cards one order may buy (each is its own card and e-mail). */
export const GIFT_CARD_PURCHASE_MAX = 10;

export const GIFT_CARD_PURCHASE_MESSAGES = {
  OFF: "Gift cards are not sold at the moment.",
  AMOUNT: "Choose one of the gift card amounts, or an amount within the limits.",
  WITH_GIFT_CARD: "A gift card cannot be bought with a gift card.",
  SEND_ON: "Choose a send day from today to a year ahead.",
  RECIPIENT_NAME: "Enter the recipient's name.",
  RECIPIENT_EMAIL: "Enter the recipient's e-mail address.",
  MESSAGE_TOO_LONG: "The message may be at most 500 characters.",
  TOO_MANY: "At most 10 gift cards in one order.",
  NO_COD: "Gift cards alone are paid by card or bank transfer: nothing is delivered to pay on.",
  OFFER_LIMITS: "The lowest custom amount must be at most the highest, both from 1.00 to 1,000.00.",
  OFFER_AMOUNTS: "Give one to eight amounts from 1.00 to 1,000.00.",
} as const;

/**
 * Whether a gift card of `cents` may be bought under the offer: one of its amounts, or within
 * its custom limits when it has them. Null when it may, else the refusal.
 */
export function giftCardAmountProblem(cents: Cents, offer: GiftCardOffer): string | null {
  if (!offer.enabled) return GIFT_CARD_PURCHASE_MESSAGES.OFF;
  if (!Number.isInteger(cents) || cents <= 0) return GIFT_CARD_PURCHASE_MESSAGES.AMOUNT;
  if (offer.amountsCents.includes(cents)) return null;
  const { customMinCents: min, customMaxCents: max } = offer;
  if (min !== null && max !== null && cents >= min && cents <= max) return null;
  return GIFT_CARD_PURCHASE_MESSAGES.AMOUNT;
}

/**
 * A bought card is issued and e-mailed once its order is paid in full and not cancelled, on
 * its send day or after (a transfer marked paid days later sends at once). Days are business
 * dates (YYYY-MM-DD), compared as text.
 */
export function giftCardPurchaseDue(p: {
  sendOn: string;
  today: string;
  orderStatus: string;
  paymentStatus: string;
}): boolean {
  return p.paymentStatus === "paid" && p.orderStatus !== "canceled" && p.sendOn <= p.today;
}

/** A send day is today or up to a year ahead (business dates). */
export function sendDayProblem(sendOn: string, today: string, lastDay: string): string | null {
  return sendOn < today || sendOn > lastDay ? GIFT_CARD_PURCHASE_MESSAGES.SEND_ON : null;
}
