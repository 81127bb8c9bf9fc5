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
