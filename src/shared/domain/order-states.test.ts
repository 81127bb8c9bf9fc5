import { describe, expect, it } from "vitest";
import {
  assertTransition,
  badgeTone,
  canTransition,
  isOrderStatus,
  nextStatuses,
  ORDER_STATUSES,
  type OrderStatus,
  OrderTransitionError,
  returnsStock,
  statusGroup,
} from "./order-states.ts";

const ALLOWED = new Set([
  "pending->confirmed",
  "confirmed->preparing",
  "preparing->shipped",
  "shipped->completed",
  "pending->canceled",
  "confirmed->canceled",
  "preparing->canceled",
]);

const ALL_PAIRS = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to): [OrderStatus, OrderStatus, boolean] => [
    from,
    to,
    ALLOWED.has(`${from}->${to}`),
  ]),
);

describe("transitions (all 36 pairs)", () => {
  it("covers every pair", () => {
    expect(ALL_PAIRS).toHaveLength(36);
  });

  it.each(ALL_PAIRS)("%s -> %s allowed: %s", (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
    expect(nextStatuses(from).includes(to)).toBe(allowed);
    if (allowed) {
      expect(() => assertTransition(from, to)).not.toThrow();
    } else {
      expect(() => assertTransition(from, to)).toThrow(OrderTransitionError);
    }
    expect(returnsStock(from, to)).toBe(allowed && to === "canceled");
  });
});

describe("nextStatuses", () => {
  it.each<[OrderStatus, OrderStatus[]]>([
    ["pending", ["confirmed", "canceled"]],
    ["confirmed", ["preparing", "canceled"]],
    ["preparing", ["shipped", "canceled"]],
    ["shipped", ["completed"]],
    ["completed", []],
    ["canceled", []],
  ])("%s -> %j", (from, next) => {
    expect(nextStatuses(from)).toEqual(next);
  });
});

describe("OrderTransitionError", () => {
  it("names both states", () => {
    try {
      assertTransition("shipped", "canceled");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OrderTransitionError);
      expect(error).toBeInstanceOf(Error);
      const e = error as OrderTransitionError;
      expect([e.name, e.from, e.to]).toEqual(["OrderTransitionError", "shipped", "canceled"]);
      expect(e.message).toBe("An order cannot go from shipped to canceled");
    }
  });
});

describe("status display", () => {
  it.each<[OrderStatus, string, string]>([
    ["pending", "in_progress", "yellow"],
    ["confirmed", "in_progress", "yellow"],
    ["preparing", "in_progress", "yellow"],
    ["shipped", "in_progress", "yellow"],
    ["completed", "delivered", "green"],
    ["canceled", "cancelled", "red"],
  ])("%s: group %s, badge %s", (status, group, tone) => {
    expect(statusGroup(status)).toBe(group);
    expect(badgeTone(status)).toBe(tone);
  });
});

describe("isOrderStatus", () => {
  it.each<[unknown, boolean]>([
    ...ORDER_STATUSES.map((s): [unknown, boolean] => [s, true]),
    ["cancelled", false],
    ["Completed", false],
    ["", false],
    [null, false],
    [3, false],
  ])("%j -> %s", (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});
