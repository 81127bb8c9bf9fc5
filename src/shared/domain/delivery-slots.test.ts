import { describe, expect, it } from "vitest";
import {
  type DeliverySlot,
  type DeliverySlots,
  findSlot,
  NO_SLOTS,
  slotFullMessage,
  slotKey,
  slotLabel,
  slotsForDay,
  slotsValid,
  sortedSlots,
  timeMinutes,
} from "./delivery-slots.ts";

const slot = (start: string, end: string, maxOrders: number | null = null): DeliverySlot => ({
  start,
  end,
  maxOrders,
});

// Monday 30 November 2026; Damascus is UTC+3: 06:00Z is 09:00 there, 11:30Z is 14:30.
const MORNING = new Date("2026-11-30T06:00:00Z");
const AFTERNOON = new Date("2026-11-30T11:30:00Z");
const TODAY = "2026-11-30";
const TOMORROW = "2026-12-01";

const THREE: DeliverySlots = {
  delivery: [slot("17:00", "21:00", 5), slot("10:00", "13:00", 2), slot("13:00", "17:00", null)],
  pickup: [slot("12:00", "20:00", 1)],
};

describe("times and labels", () => {
  it.each([
    ["00:00", 0],
    ["10:30", 630],
    ["23:59", 1439],
    ["24:00", null],
    ["9:00", null],
    ["10:60", null],
    ["", null],
  ])("%s is minute %s", (time, minutes) => {
    expect(timeMinutes(time)).toBe(minutes);
  });

  it.each([
    ["10:00-13:00", { label: "10:00–13:00", label_ar: "من 10:00 إلى 13:00" }],
    ["17:00-21:00", { label: "17:00–21:00", label_ar: "من 17:00 إلى 21:00" }],
    // Ids of another shape (kitchen slots) are shown as they are, never refused.
    ["k-12:30", { label: "k-12:30", label_ar: "k-12:30" }],
    ["25:00-26:00", { label: "25:00-26:00", label_ar: "25:00-26:00" }],
  ])("the slot %s reads as its window", (id, labels) => {
    expect(slotLabel(id)).toEqual({ id, ...labels });
  });

  it("no slot is null", () => {
    expect(slotLabel(null)).toBeNull();
    expect(slotLabel("")).toBeNull();
  });

  it("the 409 names the slot and the day in both languages", () => {
    const message = slotFullMessage("10:00-13:00", { en: "Tuesday 1 December", ar: "الثلاثاء" });
    expect(message.en).toBe(
      "Sorry, the 10:00–13:00 slot on Tuesday 1 December is now fully booked. Please choose another time.",
    );
    expect(message.ar).toContain("من 10:00 إلى 13:00");
  });
});

describe("which lists may be saved", () => {
  it.each([
    ["none", [], true],
    ["three touching slots", THREE.delivery, true],
    ["one slot without a limit", [slot("09:00", "21:00")], true],
    ["a maximum of 0 (closed slot)", [slot("09:00", "10:00", 0)], true],
    ["an end before the start", [slot("13:00", "10:00")], false],
    ["an empty slot", [slot("10:00", "10:00")], false],
    ["overlapping slots", [slot("10:00", "13:00"), slot("12:00", "15:00")], false],
    ["the same slot twice", [slot("10:00", "13:00"), slot("10:00", "13:00")], false],
    ["a time that is not HH:MM", [slot("10", "13:00")], false],
    ["a negative maximum", [slot("10:00", "13:00", -1)], false],
    ["a fractional maximum", [slot("10:00", "13:00", 1.5)], false],
    ["a maximum above 10,000", [slot("10:00", "13:00", 10_001)], false],
    [
      "13 slots",
      Array.from({ length: 13 }, (_, i) =>
        slot(`${String(i + 8).padStart(2, "0")}:00`, `${String(i + 8).padStart(2, "0")}:30`),
      ),
      false,
    ],
  ])("%s: %s", (_name, slots, valid) => {
    expect(slotsValid(slots as DeliverySlot[])).toBe(valid);
  });

  it("sorts slots by their start", () => {
    expect(sortedSlots(THREE.delivery).map((s) => s.start)).toEqual(["10:00", "13:00", "17:00"]);
  });

  it("finds a slot by id within its own kind only", () => {
    expect(findSlot(THREE, "delivery", "10:00-13:00")).toEqual(slot("10:00", "13:00", 2));
    expect(findSlot(THREE, "pickup", "10:00-13:00")).toBeNull();
    expect(findSlot(THREE, "delivery", "k-10:00")).toBeNull();
  });
});

describe("the slots a day offers", () => {
  const offered = (
    kind: "delivery" | "pickup",
    day: string,
    now: Date,
    booked?: Record<string, number>,
    slots: DeliverySlots = THREE,
  ) =>
    slotsForDay({
      slots,
      kind,
      day,
      now,
      booked: booked ? new Map(Object.entries(booked)) : undefined,
    })?.map((s) => `${s.id}:${s.available ?? "any"}`) ?? null;

  it.each<
    [
      string,
      "delivery" | "pickup",
      string,
      Date,
      Record<string, number> | undefined,
      string[] | null,
    ]
  >([
    [
      "tomorrow, nothing booked: all, in the order of the day",
      "delivery",
      TOMORROW,
      MORNING,
      undefined,
      ["10:00-13:00:2", "13:00-17:00:any", "17:00-21:00:5"],
    ],
    [
      "one order in the 10-13 slot: one left",
      "delivery",
      TOMORROW,
      MORNING,
      { [slotKey("delivery", "10:00-13:00")]: 1 },
      ["10:00-13:00:1", "13:00-17:00:any", "17:00-21:00:5"],
    ],
    [
      "the 10-13 slot full: left out",
      "delivery",
      TOMORROW,
      MORNING,
      { [slotKey("delivery", "10:00-13:00")]: 2 },
      ["13:00-17:00:any", "17:00-21:00:5"],
    ],
    [
      "pickups never fill delivery slots",
      "delivery",
      TOMORROW,
      MORNING,
      { [slotKey("pickup", "10:00-13:00")]: 9 },
      ["10:00-13:00:2", "13:00-17:00:any", "17:00-21:00:5"],
    ],
    [
      "today at 09:00: every slot is still ahead",
      "delivery",
      TODAY,
      MORNING,
      undefined,
      ["10:00-13:00:2", "13:00-17:00:any", "17:00-21:00:5"],
    ],
    [
      "today at 14:30: the slots that started are gone",
      "delivery",
      TODAY,
      AFTERNOON,
      undefined,
      ["17:00-21:00:5"],
    ],
    ["a past day: none", "delivery", "2026-11-29", MORNING, undefined, []],
    [
      "the pickup slot full",
      "pickup",
      TOMORROW,
      MORNING,
      { [slotKey("pickup", "12:00-20:00")]: 1 },
      [],
    ],
  ])("%s", (_name, kind, day, now, booked, expected) => {
    expect(offered(kind, day, now, booked)).toEqual(expected);
  });

  it("the shop without slots offers none", () => {
    expect(offered("pickup", TOMORROW, MORNING, undefined, NO_SLOTS)).toBeNull();
  });
});
