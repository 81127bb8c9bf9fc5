import { describe, expect, it } from "vitest";
import {
  codeFromBytes,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  type GiftCardEntry,
  giftCardShare,
  ledgerBalance,
  normaliseGiftCardCode,
} from "./gift-cards.ts";

describe("gift card codes", () => {
  it("are 16 characters of an alphabet without look-alikes", () => {
    const code = codeFromBytes(new Uint8Array(16).map((_, i) => i * 17));
    expect(code).toHaveLength(16);
    for (const ch of code) expect(GIFT_CARD_ALPHABET).toContain(ch);
    expect(GIFT_CARD_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it.each([
    ["abcd-efgh-jkmn-pqrs", "ABCDEFGHJKMNPQRS"],
    [" ABCD EFGH JKMN PQRS ", "ABCDEFGHJKMNPQRS"],
    ["ABCDEFGHJKMNPQR", null],
    ["ABCDEFGHJKMNPQRO", null],
    ["", null],
  ])("%j reads as %j", (typed, code) => {
    expect(normaliseGiftCardCode(typed)).toBe(code);
  });

  it("shows in groups of four", () => {
    expect(formatGiftCardCode("ABCDEFGHJKMNPQRS")).toBe("ABCD-EFGH-JKMN-PQRS");
  });
});

describe("the ledger", () => {
  it.each<[string, GiftCardEntry[], number]>([
    ["issued", [{ kind: "issue", amountCents: 5000 }], 5000],
    [
      "spent in two orders",
      [
        { kind: "issue", amountCents: 5000 },
        { kind: "spend", amountCents: -3000 },
        { kind: "spend", amountCents: -2000 },
      ],
      0,
    ],
    [
      "an order refunded puts its part back",
      [
        { kind: "issue", amountCents: 5000 },
        { kind: "spend", amountCents: -3000 },
        { kind: "refund", amountCents: 3000 },
      ],
      5000,
    ],
    [
      "void takes what is left",
      [
        { kind: "issue", amountCents: 5000 },
        { kind: "spend", amountCents: -1000 },
        { kind: "void", amountCents: -4000 },
      ],
      0,
    ],
  ])("%s", (_name, entries, balance) => {
    expect(ledgerBalance(entries)).toBe(balance);
  });

  it.each([
    [5000, 3000, 3000],
    [5000, 8000, 5000],
    [0, 8000, 0],
    [5000, 0, 0],
    [-1, 100, 0],
  ])("a balance of %i pays %i due with %i", (balance, due, share) => {
    expect(giftCardShare(balance, due)).toBe(share);
  });
});
