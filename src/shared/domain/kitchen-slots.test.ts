import { describe, expect, it } from "vitest";
import {
  cannotTravelMessage,
  cartDay,
  cartKind,
  DEFAULT_KITCHEN_DELIVERY,
  type DishState,
  daySlots,
  dishRefusal,
  isKitchenSlotId,
  isOrderable,
  type KitchenSlotRules,
  linesThatCannotTravel,
  nextStep,
  paymentAllowedForDishes,
  portionsLeft,
  portionsProblem,
  showsSoldOut,
  slotOf,
  slotProblem,
  slotStarts,
  slotStartsAt,
  statusOfStep,
  stepsFor,
} from "./kitchen-slots.ts";
import { discountBase } from "./pricing.ts";

// Damascus is UTC+3 all year: 16:00Z is 19:00 there.
const rules = (over: Partial<KitchenSlotRules> = {}): KitchenSlotRules => ({
  ...DEFAULT_KITCHEN_DELIVERY.slots,
  ...over,
});
const at = (iso: string) => new Date(iso);
const none = new Map<string, number>();

describe("slot starts", () => {
  it.each([
    ["every 30 minutes from 12:00 to 22:00", rules(), 20, "k-12:00", "k-21:30"],
    [
      "every hour from 09:00 to 23:00",
      rules({ from: "09:00", to: "23:00", every_minutes: 60 }),
      14,
      "k-09:00",
      "k-22:00",
    ],
    [
      "a slot that would end after `to` is left out",
      rules({ from: "12:00", to: "13:45", every_minutes: 30 }),
      3,
      "k-12:00",
      "k-13:00",
    ],
    [
      "across midnight: 18:00 to 01:00",
      rules({ from: "18:00", to: "01:00", every_minutes: 60 }),
      7,
      "k-18:00",
      "k-00:00",
    ],
    [
      "to equal to from is a whole day",
      rules({ from: "00:00", to: "00:00", every_minutes: 240 }),
      6,
      "k-00:00",
      "k-20:00",
    ],
  ])("%s", (_name, r, count, first, last) => {
    const starts = slotStarts(r);
    expect(starts).toHaveLength(count);
    const ids = daySlots(r, "2026-12-02", at("2026-12-01T00:00:00Z"), none).map((s) => s.id);
    expect(ids[0]).toBe(first);
    expect(ids.at(-1)).toBe(last);
  });

  it("labels the slot with its start and end", () => {
    const [first] = daySlots(rules(), "2026-12-02", at("2026-12-01T00:00:00Z"), none);
    expect(first).toEqual({
      id: "k-12:00",
      label: "12:00–12:30",
      label_ar: "12:00–12:30",
      available: 5,
    });
    expect(slotOf(rules(), "k-19:00")).toEqual({
      id: "k-19:00",
      label: "19:00–19:30",
      label_ar: "19:00–19:30",
    });
    expect(slotOf(rules(), "19:00-19:30")).toBeNull();
  });

  it.each([
    ["k-19:00", true],
    ["k-9:00", false],
    ["19:00-19:30", false],
    ["k-24:00", false],
  ])("%s is a kitchen slot id: %s", (id, ok) => expect(isKitchenSlotId(id)).toBe(ok));
});

describe("when a slot starts and closes (lead time)", () => {
  it("starts on the business clock", () => {
    expect(slotStartsAt("2026-12-02", 19 * 60).toISOString()).toBe("2026-12-02T16:00:00.000Z");
    // After midnight: the service day's 00:30 is the next calendar day's.
    expect(slotStartsAt("2026-12-02", 24 * 60 + 30).toISOString()).toBe("2026-12-02T21:30:00.000Z");
  });

  // The 19:00 slot on Wednesday 2 December with a 45-minute lead closes at 18:15 (15:15Z).
  it.each([
    ["an hour before it closes", "2026-12-02T14:15:00Z", null],
    ["a minute before it closes", "2026-12-02T15:14:00Z", null],
    ["the minute it closes", "2026-12-02T15:15:00Z", "closed"],
    ["after it started", "2026-12-02T16:10:00Z", "closed"],
    ["the day before", "2026-12-01T20:00:00Z", null],
  ])("%s", (_name, now, problem) => {
    expect(slotProblem(rules(), "2026-12-02", "k-19:00", at(now), 0)).toBe(problem);
  });

  it.each([
    ["the last slot (21:30) is open at 20:44", "2026-12-02T17:44:00Z", true],
    ["the last slot is closed from 20:45", "2026-12-02T17:45:00Z", false],
  ])("%s", (_name, now, open) => {
    const slots = daySlots(rules(), "2026-12-02", at(now), none);
    expect(slots.at(-1)?.id).toBe("k-21:30");
    expect((slots.at(-1)?.available ?? 0) > 0).toBe(open);
    expect(slots.slice(0, -1).every((s) => s.available === 0)).toBe(true);
  });

  it("across midnight: the 00:30 slot closes at 23:45 the evening before", () => {
    const late = rules({ from: "18:00", to: "01:00", every_minutes: 30 });
    expect(slotProblem(late, "2026-12-02", "k-00:30", at("2026-12-02T20:44:00Z"), 0)).toBeNull();
    expect(slotProblem(late, "2026-12-02", "k-00:30", at("2026-12-02T20:45:00Z"), 0)).toBe(
      "closed",
    );
  });

  it("Friday has its slots like any day: the kitchen cooks on Friday", () => {
    // Friday 4 December 2026 (the sweets' closed weekday).
    const slots = daySlots(rules(), "2026-12-04", at("2026-12-04T06:00:00Z"), none);
    expect(slots).toHaveLength(20);
    expect(slots.every((s) => s.available > 0)).toBe(true);
  });
});

describe("slot capacity", () => {
  it.each([
    [0, null],
    [4, null],
    [5, "full"],
    [9, "full"],
  ])("%i orders booked of 5 → %s", (booked, problem) => {
    expect(slotProblem(rules(), "2026-12-02", "k-19:00", at("2026-12-02T06:00:00Z"), booked)).toBe(
      problem,
    );
  });

  it("a full slot is offered as unavailable, the others stay", () => {
    const slots = daySlots(
      rules(),
      "2026-12-02",
      at("2026-12-02T06:00:00Z"),
      new Map([["k-19:00", 5]]),
    );
    expect(slots.find((s) => s.id === "k-19:00")?.available).toBe(0);
    expect(slots.find((s) => s.id === "k-19:30")?.available).toBeGreaterThan(0);
  });

  it.each([["k-19:15"], ["k-23:00"], ["19:00-19:30"]])("%s is not a slot of the day", (id) => {
    expect(slotProblem(rules(), "2026-12-02", id, at("2026-12-02T06:00:00Z"), 0)).toBe("unknown");
  });
});

describe("portions", () => {
  it.each([
    [0, "range"],
    [1, null],
    [20, null],
    [21, "range"],
    [-1, "range"],
    [2.5, "whole"],
  ])("%s portions → %s", (portions, problem) => expect(portionsProblem(portions)).toBe(problem));

  it.each([
    [null, 7, null],
    [10, 0, 10],
    [10, 7, 3],
    [10, 10, 0],
    [10, 12, 0],
  ])("per day %s, sold %i → left %s", (perDay, sold, left) => {
    expect(portionsLeft(perDay, sold)).toBe(left);
  });

  const dish = (over: Partial<DishState> = {}): DishState => ({
    active: true,
    priceCents: 800,
    cookedThatDay: true,
    soldOut: false,
    portionsLeft: null,
    ...over,
  });
  it.each([
    ["on the menu, no limit", dish(), 20, null],
    ["not cooked that day", dish({ cookedThatDay: false }), 1, "not_on_menu"],
    ["hidden", dish({ active: false }), 1, "not_on_menu"],
    ["no price", dish({ priceCents: null }), 1, "no_price"],
    ["switched sold out", dish({ soldOut: true }), 1, "sold_out"],
    ["portions gone", dish({ portionsLeft: 0 }), 1, "sold_out"],
    ["fewer left than asked", dish({ portionsLeft: 2 }), 3, "not_enough"],
    ["exactly what is left", dish({ portionsLeft: 3 }), 3, null],
  ])("%s", (_name, d, portions, refusal) => {
    expect(dishRefusal(d, portions)).toBe(refusal);
    expect(isOrderable(d)).toBe(dishRefusal(d, 1) === null);
  });

  it.each([
    [false, null, false],
    [false, 3, false],
    [false, 0, true],
    [true, 5, true],
  ])("sold out shows: switch %s, left %s → %s", (sw, left, shows) => {
    expect(showsSoldOut(sw, left)).toBe(shows);
  });
});

describe("carts with dishes", () => {
  const sweet = { productId: 1 };
  const soup = { dishId: 7 };
  it.each([
    [[sweet], "sweets"],
    [[soup], "dishes"],
    [[sweet, soup], "mixed"],
  ] as const)("%j is %s", (lines, kind) => expect(cartKind(lines)).toBe(kind));

  it.each([
    ["SY", [sweet, soup], []],
    ["sy", [soup], []],
    ["DE", [sweet, soup, sweet, soup], [1, 3]],
    ["DE", [sweet], []],
  ] as const)("to %s: lines %j cannot travel", (country, lines, bad) => {
    expect(linesThatCannotTravel(lines, country)).toEqual(bad);
  });

  it("names the lines that cannot travel in both languages", () => {
    const m = cannotTravelMessage([
      { en: "Lentil soup", ar: "شوربة عدس" },
      { en: "Mansaf", ar: "" },
    ]);
    expect(m.en).toContain("Lentil soup, Mansaf cannot travel abroad");
    expect(m.ar).toContain("شوربة عدس، Mansaf");
  });

  it.each([
    [[], null],
    [["2026-12-02"], "2026-12-02"],
    [["2026-12-02", "2026-12-02"], "2026-12-02"],
    [["2026-12-02", "2026-12-03"], null],
  ])("dish days %j → the cart's day %s", (days, day) => expect(cartDay(days)).toBe(day));
});

describe("money rules", () => {
  it.each([
    ["standing, sweets only", "standing", false, 1000],
    ["standing, dishes too", "standing", true, 1500],
    ["coupon for sweets", "sweets", false, 1000],
    ["coupon for dishes", "dishes", false, 500],
    ["coupon for all", "all", false, 1500],
  ] as const)("%s", (_name, scope, dishesToo, base) => {
    expect(discountBase(1000, 500, scope, dishesToo)).toBe(base);
  });

  it.each([
    ["cash_on_delivery", "2026-12-02", false, true],
    ["card", "2026-12-02", false, true],
    ["bank_transfer", "2026-12-02", false, false],
    ["bank_transfer", "2026-12-02", true, true],
    ["bank_transfer", "2026-12-03", false, true],
  ])("%s for %s (same day allowed: %s) → %s", (method, day, allowed, ok) => {
    expect(paymentAllowedForDishes(method, day, "2026-12-02", allowed)).toBe(ok);
  });
});

describe("the cook's steps", () => {
  it.each([
    ["delivery", null, "preparing"],
    ["delivery", "preparing", "ready"],
    ["delivery", "ready", "out_for_delivery"],
    ["delivery", "out_for_delivery", "delivered"],
    ["delivery", "delivered", null],
    ["pickup", "ready", "picked_up"],
    ["pickup", "picked_up", null],
  ] as const)("%s after %s: %s", (kind, from, to) => expect(nextStep(from, kind)).toBe(to));

  it("a pickup has no trip", () => {
    expect(stepsFor("pickup")).not.toContain("out_for_delivery");
    expect(stepsFor("delivery")).not.toContain("picked_up");
  });

  it.each([
    ["preparing", "preparing"],
    ["ready", "preparing"],
    ["out_for_delivery", "shipped"],
    ["delivered", "completed"],
    ["picked_up", "completed"],
  ] as const)("%s is the status %s for a dish-only order", (step, status) => {
    expect(statusOfStep(step)).toBe(status);
  });
});
