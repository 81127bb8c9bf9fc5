import { describe, expect, it } from "vitest";
import {
  codeFromBytes,
  DEFAULT_GIFT_CARD_OFFER,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  type GiftCardEntry,
  type GiftCardOffer,
  giftCardAmountProblem,
  giftCardPurchaseDue,
  giftCardShare,
  ledgerBalance,
  normaliseGiftCardCode,
  sendDayProblem,
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

describe("which amounts the gift card product sells", () => {
  const fixedOnly: GiftCardOffer = {
    ...DEFAULT_GIFT_CARD_OFFER,
    customMinCents: null,
    customMaxCents: null,
  };
  const off: GiftCardOffer = { ...DEFAULT_GIFT_CARD_OFFER, enabled: false };
  it.each<[string, number, GiftCardOffer, boolean]>([
    ["a fixed amount", 5000, DEFAULT_GIFT_CARD_OFFER, true],
    ["a custom amount inside the limits", 1234, DEFAULT_GIFT_CARD_OFFER, true],
    ["the lowest custom amount", 1000, DEFAULT_GIFT_CARD_OFFER, true],
    ["the highest custom amount", 50_000, DEFAULT_GIFT_CARD_OFFER, true],
    ["under the custom limits", 999, DEFAULT_GIFT_CARD_OFFER, false],
    ["over the custom limits", 50_001, DEFAULT_GIFT_CARD_OFFER, false],
    ["a custom amount without custom limits", 1234, fixedOnly, false],
    ["a fixed amount without custom limits", 10_000, fixedOnly, true],
    ["zero", 0, DEFAULT_GIFT_CARD_OFFER, false],
    ["a negative amount", -2500, DEFAULT_GIFT_CARD_OFFER, false],
    ["anything while the product is off", 5000, off, false],
  ])("%s (%i cents): %s", (_name, cents, offer, ok) => {
    expect(giftCardAmountProblem(cents, offer) === null).toBe(ok);
  });
});

describe("when a bought card is issued and sent", () => {
  const base = {
    sendOn: "2026-12-01",
    today: "2026-12-01",
    orderStatus: "pending",
    paymentStatus: "paid",
  };
  it.each<[string, Partial<typeof base>, boolean]>([
    ["paid, on its day", {}, true],
    ["paid, after its day (a transfer marked paid late)", { today: "2026-12-05" }, true],
    ["paid, before its day", { today: "2026-11-30" }, false],
    ["unpaid on its day", { paymentStatus: "unpaid" }, false],
    ["partly paid", { paymentStatus: "balance_due" }, false],
    ["refunded", { paymentStatus: "refunded" }, false],
    ["paid but cancelled", { orderStatus: "canceled" }, false],
    ["paid and delivered", { orderStatus: "delivered" }, true],
  ])("%s: %s", (_name, change, due) => {
    expect(giftCardPurchaseDue({ ...base, ...change })).toBe(due);
  });

  it.each([
    ["2026-11-30", false],
    ["2026-12-01", true],
    ["2027-12-01", true],
    ["2027-12-02", false],
  ])("send day %s is allowed: %s", (day, ok) => {
    expect(sendDayProblem(day, "2026-12-01", "2027-12-01") === null).toBe(ok);
  });
});
