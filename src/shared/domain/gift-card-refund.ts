import type { Cents } from "./money.ts";

/** What becomes of a gift card an order bought, when that order is refunded or cancelled. */
export type IssuedCardAfterRefund =
  | { action: "keep"; balanceCents: Cents }
  | { action: "reduce"; balanceCents: Cents }
  | { action: "void"; balanceCents: 0 };

/**
 * The shop takes back only credit it can still take back: what was spent on a card is gone
 * (the sweets were delivered), so nothing is ever clawed below it.
 * - A card never used: its balance falls by the amount refunded for it; at zero it is voided.
 *   (A partial refund leaves a card worth what the buyer kept paying for.)
 * - A card already partly spent: voided for the rest, whatever the refund; its holder keeps
 *   what they bought, and reducing a balance the recipient is spending would surprise them
 *   mid-order. The refund of the unspent rest is the shop's to settle with the buyer.
 * - A refund of nothing for the card: kept as it is.
 */
export function issuedCardAfterRefund(card: {
  issuedCents: Cents;
  balanceCents: Cents;
  /** The part of the refund that was paid for this card (never more than its price). */
  refundedCents: Cents;
}): IssuedCardAfterRefund {
  const refunded = Math.max(0, Math.min(card.refundedCents, card.issuedCents));
  if (refunded === 0) return { action: "keep", balanceCents: card.balanceCents };
  if (card.balanceCents < card.issuedCents || card.balanceCents - refunded <= 0)
    return { action: "void", balanceCents: 0 };
  return { action: "reduce", balanceCents: card.balanceCents - refunded };
}
