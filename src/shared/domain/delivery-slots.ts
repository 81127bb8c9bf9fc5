// Time slots for domestic delivery and pickup of sweets orders: the owner lists the windows
// (10:00-13:00, 13:00-17:00, ...) each with a maximum number of orders, checkout offers the
// slots of a day that still have room, and the order's transaction checks again under the
// day's lock. Pure: the clock and what is booked are passed in.
//
// An order keeps its slot as an id in `orders.slot`. A sweets slot's id is "HH:MM-HH:MM"
// (local start-end); other kinds of order may keep ids of another shape there, so every reader
// here accepts any text and labels what it cannot parse as it is.

import { businessClock, clockDate } from "./business-time.ts";

/** One window as the settings keep it; `maxOrders` null = no limit. */
export type DeliverySlot = { start: string; end: string; maxOrders: number | null };

/** The slots of each kind of domestic order; an empty list = the kind has no slots. */
export type DeliverySlots = { delivery: DeliverySlot[]; pickup: DeliverySlot[] };
export const NO_SLOTS: DeliverySlots = { delivery: [], pickup: [] };

export type SlotKind = keyof DeliverySlots;

/** A slot as the quote offers it: `available` = orders it still takes (null = no limit). */
export type SlotOffer = { id: string; label: string; label_ar: string; available: number | null };

export type SlotLabel = { id: string; label: string; label_ar: string };

/** At most this many slots per kind (a day is not cut finer than that). */
export const MAX_SLOTS = 12;
/** The largest maximum of orders per slot the owner may set. */
export const MAX_SLOT_ORDERS = 10_000;

export const SLOT_MESSAGES = {
  SLOTS:
    "Give at most 12 slots, each from a start to a later end as HH:MM (for example 10:00 to 13:00), not overlapping, with a maximum of 0 to 10,000 orders or empty for no limit.",
  SLOT_UNKNOWN: "Please choose one of the time slots offered for this day.",
  SLOT_NOT_OFFERED: "This delivery method has no time slots. Please leave the slot empty.",
} as const;

export const SLOT_MESSAGES_AR = {
  SLOT_UNKNOWN: "يرجى اختيار أحد الأوقات المتاحة لهذا اليوم.",
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const SWEETS_SLOT_ID = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of "HH:MM"; null when it is not one. */
export function timeMinutes(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** "10:00-13:00": the id an order keeps. */
export function slotId(slot: Pick<DeliverySlot, "start" | "end">): string {
  return `${slot.start}-${slot.end}`;
}

/**
 * An order's slot for the order page, slip, desk and e-mails: a sweets slot id reads as its
 * window ("10:00–13:00", "من 10:00 إلى 13:00"); an id of another shape is shown as it is.
 * Null for no slot.
 */
export function slotLabel(id: string | null | undefined): SlotLabel | null {
  if (!id) return null;
  const match = SWEETS_SLOT_ID.exec(id);
  if (!match) return { id, label: id, label_ar: id };
  const start = `${match[1]}:${match[2]}`;
  const end = `${match[3]}:${match[4]}`;
  return { id, label: `${start}–${end}`, label_ar: `من ${start} إلى ${end}` };
}

/**
 * Whether a list of slots may be saved: at most 12, each a start before its end, none
 * overlapping another (touching is fine: 13:00-17:00 after 10:00-13:00), maxima whole numbers
 * from 0 to 10,000 or null.
 */
export function slotsValid(slots: readonly DeliverySlot[]): boolean {
  if (slots.length > MAX_SLOTS) return false;
  const spans: Array<[number, number]> = [];
  for (const slot of slots) {
    const start = timeMinutes(slot.start);
    const end = timeMinutes(slot.end);
    if (start === null || end === null || start >= end) return false;
    if (
      slot.maxOrders !== null &&
      (!Number.isInteger(slot.maxOrders) || slot.maxOrders < 0 || slot.maxOrders > MAX_SLOT_ORDERS)
    )
      return false;
    spans.push([start, end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  return spans.every((span, i) => i === 0 || span[0] >= spans[i - 1]![1]);
}

/** The slots in the order of the day (the pack list and checkout read them so). */
export function sortedSlots(slots: readonly DeliverySlot[]): DeliverySlot[] {
  return [...slots].sort((a, b) => a.start.localeCompare(b.start));
}

/** The key under which what a slot holds is counted: the kind and the slot's id. */
export function slotKey(kind: SlotKind, id: string): string {
  return `${kind}|${id}`;
}

/** Orders held per slot on one day, keyed by `slotKey`. */
export type SlotBookings = ReadonlyMap<string, number>;

/**
 * The slots of `day` that still take an order of this kind, in the order of the day: a slot
 * with room (booked below its maximum) and, today, one that has not started yet on the
 * business clock. Null when the kind has no slots (the day is offered without one).
 */
export function slotsForDay(input: {
  slots: DeliverySlots;
  kind: SlotKind;
  day: string;
  now: Date;
  booked: SlotBookings | undefined;
}): SlotOffer[] | null {
  const list = input.slots[input.kind];
  if (list.length === 0) return null;
  const clock = businessClock(input.now);
  const today = clockDate(clock);
  if (input.day < today) return [];
  const minute = clock.hour * 60 + clock.minute;
  const offers: SlotOffer[] = [];
  for (const slot of sortedSlots(list)) {
    if (input.day === today && (timeMinutes(slot.start) ?? 0) <= minute) continue;
    const id = slotId(slot);
    const held = input.booked?.get(slotKey(input.kind, id)) ?? 0;
    const available = slot.maxOrders === null ? null : slot.maxOrders - held;
    if (available !== null && available <= 0) continue;
    offers.push({ ...slotLabel(id)!, available });
  }
  return offers;
}

/** Whether the kind's slot list names this id (another day's slot list is the same list). */
export function findSlot(slots: DeliverySlots, kind: SlotKind, id: string): DeliverySlot | null {
  return slots[kind].find((slot) => slotId(slot) === id) ?? null;
}

/** The 409 for a slot filled between the quote and the order, naming the slot and the day. */
export function slotFullMessage(id: string, dayName: { en: string; ar: string }) {
  const label = slotLabel(id)!;
  return {
    en: `Sorry, the ${label.label} slot on ${dayName.en} is now fully booked. Please choose another time.`,
    ar: `عذراً، اكتمل الحجز للفترة ${label.label_ar} يوم ${dayName.ar}. يرجى اختيار وقت آخر.`,
  };
}
