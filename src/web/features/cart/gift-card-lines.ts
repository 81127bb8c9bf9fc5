import { GIFT_CARD_PURCHASE_MAX } from "../../../shared/domain/gift-cards.ts";
import type { GiftCardPurchaseInput } from "../../../shared/schemas/gift-cards.ts";

/** Where the cart keeps its gift cards, beside its product lines (same storage). */
export const CART_GIFT_CARDS_KEY = "cart_gift_cards_v1";

/**
 * A gift card in the cart: what `POST /api/orders` takes in `gift_cards[]` (amount in dollars,
 * as the form checked it with the server's schema), plus an id to remove it by. Two cards to the
 * same person are two lines: each is its own card and e-mail.
 */
export type CartGiftCard = {
  id: string;
  amount: number;
  recipient_name: string;
  recipient_email: string;
  message: string | null;
  send_on: string;
  lang: "en" | "ar";
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The stored cards that still have every field (storage is the shopper's to edit); the server
 * checks them again at checkout. At most the order's limit.
 */
export function sanitiseGiftCards(raw: unknown): CartGiftCard[] {
  if (!Array.isArray(raw)) return [];
  const cards: CartGiftCard[] = [];
  for (const item of raw) {
    if (typeof item !== "object" || item === null) continue;
    const c = item as Record<string, unknown>;
    if (
      typeof c.id !== "string" ||
      typeof c.amount !== "number" ||
      !(c.amount > 0) ||
      typeof c.recipient_name !== "string" ||
      typeof c.recipient_email !== "string" ||
      typeof c.send_on !== "string" ||
      !DAY.test(c.send_on) ||
      (c.lang !== "en" && c.lang !== "ar")
    )
      continue;
    cards.push({
      id: c.id,
      amount: c.amount,
      recipient_name: c.recipient_name,
      recipient_email: c.recipient_email,
      message: typeof c.message === "string" && c.message ? c.message : null,
      send_on: c.send_on,
      lang: c.lang,
    });
    if (cards.length === GIFT_CARD_PURCHASE_MAX) break;
  }
  return cards;
}

/** The cards as the order takes them (`gift_cards`). */
export const giftCardsForOrder = (cards: readonly CartGiftCard[]): GiftCardPurchaseInput[] =>
  cards.map(({ id: _id, ...card }) => card);

/** What the cards add to the total, in cents: never discounted. */
export const giftCardsCents = (cards: readonly CartGiftCard[]): number =>
  cards.reduce((sum, card) => sum + Math.round(card.amount * 100), 0);
