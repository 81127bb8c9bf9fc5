import { describe, expect, it } from "vitest";
import { issuedCardAfterRefund } from "./gift-card-refund.ts";

describe("a bought gift card when its order is refunded", () => {
  it.each([
    ["unspent, refunded in full: voided", 5000, 5000, 5000, { action: "void", balanceCents: 0 }],
    [
      "unspent, refunded in part: reduced",
      5000,
      5000,
      2000,
      { action: "reduce", balanceCents: 3000 },
    ],
    [
      "a refund over the card's price counts as its price",
      5000,
      5000,
      9000,
      { action: "void", balanceCents: 0 },
    ],
    [
      "partly spent, any refund: voided for the rest",
      5000,
      1200,
      1000,
      { action: "void", balanceCents: 0 },
    ],
    [
      "fully spent: voided (nothing clawed back)",
      5000,
      0,
      5000,
      { action: "void", balanceCents: 0 },
    ],
    ["nothing refunded for the card: kept", 5000, 5000, 0, { action: "keep", balanceCents: 5000 }],
    ["a negative refund is none", 5000, 4000, -100, { action: "keep", balanceCents: 4000 }],
  ] as const)("%s", (_case, issuedCents, balanceCents, refundedCents, expected) => {
    const after = issuedCardAfterRefund({ issuedCents, balanceCents, refundedCents });
    expect(after).toEqual(expected);
    // Never below zero, never above what it held.
    expect(after.balanceCents).toBeGreaterThanOrEqual(0);
    expect(after.balanceCents).toBeLessThanOrEqual(balanceCents);
  });
});
