import { describe, expect, it } from "vitest";
import {
  accountStateOf,
  ageingOf,
  creditLimitProblem,
  dueDateOf,
  orderMinimumMessage,
} from "./trade-terms.ts";

describe("dueDateOf", () => {
  it.each([
    ["2026-11-29", 30, "2026-12-29"],
    ["2026-12-15", 30, "2027-01-14"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-11-29", 0, "2026-11-29"],
  ])("%s + %i days = %s", (today, days, due) => {
    expect(dueDateOf(today, days)).toBe(due);
  });
});

describe("creditLimitProblem", () => {
  it.each([
    // outstanding, order, limit, refused?
    [0, 5000, 5000, false],
    [0, 5001, 5000, true],
    [4000, 1000, 5000, false],
    [4000, 1001, 5000, true],
    [6000, 1, 5000, true],
    [0, 1, 0, true],
  ])("outstanding %i + order %i within %i: refused %s", (outstanding, order, limit, refused) => {
    const problem = creditLimitProblem(
      { outstandingCents: outstanding, orderCents: order, limitCents: limit },
      "en",
    );
    expect(problem !== null).toBe(refused);
  });

  it("says the limit and what is left, in both languages", () => {
    const value = { outstandingCents: 400_000, orderCents: 200_000, limitCents: 500_000 };
    expect(creditLimitProblem(value, "en")).toBe(
      "This order is over your credit limit ($5,000.00). Available now: $1,000.00. Please pay your open invoices or contact us.",
    );
    expect(creditLimitProblem(value, "ar")).toContain("حد الائتمان");
    expect(creditLimitProblem({ ...value, outstandingCents: 600_000 }, "en")).toContain(
      "Available now: $0.00.",
    );
  });
});

describe("orderMinimumMessage", () => {
  it("names the minimum in the buyer's language", () => {
    expect(orderMinimumMessage(10_000, "en")).toBe(
      "Your order is below the minimum order total of your price list ($100.00).",
    );
    expect(orderMinimumMessage(10_000, "ar")).toContain("الحد الأدنى");
  });
});

describe("ageingOf", () => {
  it.each([
    ["2026-11-29", "2026-12-29", 0, "current"],
    ["2026-11-29", "2026-11-29", 0, "current"],
    ["2026-11-30", "2026-11-29", 1, "1_30"],
    ["2026-12-29", "2026-11-29", 30, "1_30"],
    ["2026-12-30", "2026-11-29", 31, "31_60"],
    ["2027-01-28", "2026-11-29", 60, "31_60"],
    ["2027-01-29", "2026-11-29", 61, "over_60"],
  ] as const)("on %s, due %s: %i days late, %s", (today, due, days, bucket) => {
    expect(ageingOf(today, due)).toEqual({ daysOverdue: days, bucket });
  });
});

describe("accountStateOf", () => {
  const today = "2026-11-29";
  it.each([
    ["confirmed", "unpaid", "2026-11-30", "open"],
    ["confirmed", "unpaid", "2026-11-29", "open"],
    ["confirmed", "unpaid", "2026-11-28", "overdue"],
    ["confirmed", "unpaid", null, "open"],
    ["delivered", "paid", "2026-10-01", "paid"],
    ["canceled", "unpaid", "2026-10-01", "cancelled"],
    ["delivered", "partially_refunded", null, "partially_refunded"],
    ["confirmed", "balance_due", "2026-10-01", "balance_due"],
  ] as const)("%s, %s, due %s: %s", (status, paymentStatus, dueDate, state) => {
    expect(accountStateOf({ status, paymentStatus, dueDate }, today)).toBe(state);
  });
});
