// Kitchen orders: the delivery slots of a dish's day, portions, which carts a dish can join
// and the cook's steps. Pure: the clock, the owner's rules and what is already booked are
// passed in, so the quote and the order's transaction run the same rules on the same figures.

import { addDays, BUSINESS_TIME_ZONE, businessClock, businessDate } from "./business-time.ts";

/** Kitchen slot ids are "k-HH:MM" (the slot's start), apart from the sweets' "HH:MM-HH:MM". */
export const KITCHEN_SLOT_PREFIX = "k-";

export const PORTIONS_MIN = 1;
export const PORTIONS_MAX = 20;
/** The most a dish's daily portions may be set to. */
export const PORTIONS_PER_DAY_MAX = 10_000;

/** Dishes travel only inside Syria: cooked food does not survive a parcel abroad. */
export const DISH_COUNTRY = "SY";

export type KitchenSlotRules = {
  /** "HH:MM": the first slot starts here. */
  from: string;
  /** "HH:MM": the last slot ends here; earlier than `from` means after midnight. */
  to: string;
  every_minutes: number;
  /** Orders one slot takes. */
  max_orders: number;
  /** A slot closes this many minutes before it starts. */
  lead_minutes: number;
};

export type KitchenArea = { name: string; name_ar: string; fee: number };
export type KitchenDelivery = { areas: KitchenArea[]; slots: KitchenSlotRules };

export const DEFAULT_KITCHEN_DELIVERY: KitchenDelivery = {
  areas: [],
  slots: { from: "12:00", to: "22:00", every_minutes: 30, max_orders: 5, lead_minutes: 45 },
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isClockTime(value: string): boolean {
  return TIME.test(value);
}

/** "19:30" → 1170 minutes after midnight. */
export function minutesOf(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`Not a time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const two = (n: number) => String(n).padStart(2, "0");

/** Minutes after the day's midnight (may pass 24:00) as a clock time "HH:MM". */
export function clockTime(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${two(Math.floor(m / 60))}:${two(m % 60)}`;
}

export function slotId(startMinutes: number): string {
  return `${KITCHEN_SLOT_PREFIX}${clockTime(startMinutes)}`;
}

export function isKitchenSlotId(id: string): boolean {
  return id.startsWith(KITCHEN_SLOT_PREFIX) && isClockTime(id.slice(KITCHEN_SLOT_PREFIX.length));
}

/**
 * The slots' starts, in minutes after the service day's midnight: from `from`, every
 * `every_minutes`, as long as a whole slot ends by `to`. A `to` at or before `from` runs past
 * midnight (18:00 to 01:00), those slots still belong to the day they started on.
 */
export function slotStarts(rules: KitchenSlotRules): number[] {
  const from = minutesOf(rules.from);
  let to = minutesOf(rules.to);
  if (to <= from) to += 1440;
  const every = Math.max(5, Math.floor(rules.every_minutes));
  const starts: number[] = [];
  for (let start = from; start + every <= to; start += every) starts.push(start);
  return starts;
}

/** "19:00–19:30", with Latin digits in both languages (as the rest of the shop's times). */
export function slotLabel(start: number, every: number, lang: "en" | "ar"): string {
  // The same text in Arabic: screens wrap it in <bdi> so "19:00–19:30" keeps its order.
  void lang;
  return `${clockTime(start)}–${clockTime(start + every)}`;
}

/**
 * The instant a slot starts: `minutes` after midnight of `date` on the business clock. The
 * zone's offset is read at the guess and read again, so a day that changes its offset still
 * lands on the right instant.
 */
export function slotStartsAt(date: string, minutes: number, tz = BUSINESS_TIME_ZONE): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const c = businessClock(new Date(guess), tz);
    const seen = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
    guess += wall - seen;
  }
  return new Date(guess);
}

/** A slot is open until `lead_minutes` before it starts; from that moment on it is closed. */
export function isSlotOpen(
  rules: KitchenSlotRules,
  date: string,
  start: number,
  now: Date,
  tz = BUSINESS_TIME_ZONE,
): boolean {
  const closesAt = slotStartsAt(date, start, tz).getTime() - rules.lead_minutes * 60_000;
  return now.getTime() < closesAt;
}

/** `available`: the orders the slot still takes, 0 once it is closed or full. */
export type SlotOffer = { id: string; label: string; label_ar: string; available: number };

/** Every slot of a day with how many orders it still takes (0: closed or full). */
export function daySlots(
  rules: KitchenSlotRules,
  date: string,
  now: Date,
  booked: ReadonlyMap<string, number>,
  tz = BUSINESS_TIME_ZONE,
): SlotOffer[] {
  return slotStarts(rules).map((start) => {
    const id = slotId(start);
    return {
      id,
      label: slotLabel(start, rules.every_minutes, "en"),
      label_ar: slotLabel(start, rules.every_minutes, "ar"),
      available: isSlotOpen(rules, date, start, now, tz)
        ? Math.max(0, rules.max_orders - (booked.get(id) ?? 0))
        : 0,
    };
  });
}

export type SlotProblem = "unknown" | "closed" | "full";

/** Why an order cannot take a slot on a day (null when it can). */
export function slotProblem(
  rules: KitchenSlotRules,
  date: string,
  id: string,
  now: Date,
  booked: number,
  tz = BUSINESS_TIME_ZONE,
): SlotProblem | null {
  const start = slotStarts(rules).find((s) => slotId(s) === id);
  if (start === undefined) return "unknown";
  if (!isSlotOpen(rules, date, start, now, tz)) return "closed";
  if (booked >= rules.max_orders) return "full";
  return null;
}

/** The slot as an order shows it, or null for an id that is not one of the kitchen's. */
export function slotOf(rules: KitchenSlotRules, id: string): Omit<SlotOffer, "available"> | null {
  if (!isKitchenSlotId(id)) return null;
  const start = minutesOf(id.slice(KITCHEN_SLOT_PREFIX.length));
  return {
    id,
    label: slotLabel(start, rules.every_minutes, "en"),
    label_ar: slotLabel(start, rules.every_minutes, "ar"),
  };
}

/**
 * An order's kitchen slot as its pages show it: the time the delivery window opens (the
 * window's length is the owner's to change later; the start is what was promised).
 */
export function kitchenSlotOfOrder(
  id: string | null,
): { id: string; label: string; label_ar: string } | null {
  if (!id || !isKitchenSlotId(id)) return null;
  const time = id.slice(KITCHEN_SLOT_PREFIX.length);
  return { id, label: `From ${time}`, label_ar: `ابتداءً من ${time}` };
}

/** Dishes are ordered for today or tomorrow: the days the kitchen plans its pots for. */
export function dishOrderDates(now: Date, tz = BUSINESS_TIME_ZONE): [string, string] {
  const today = businessDate(now, tz);
  return [today, addDays(today, 1)];
}

// ---- Portions ----

export type PortionsProblem = "whole" | "range";

export function portionsProblem(portions: number): PortionsProblem | null {
  if (!Number.isInteger(portions)) return "whole";
  if (portions < PORTIONS_MIN || portions > PORTIONS_MAX) return "range";
  return null;
}

/** Portions still to sell on a day; null = the dish has no daily limit. */
export function portionsLeft(perDay: number | null, sold: number): number | null {
  if (perDay === null) return null;
  return Math.max(0, perDay - sold);
}

export type DishState = {
  active: boolean;
  priceCents: number | null;
  cookedThatDay: boolean;
  /** The manual "Sold out today" switch for that day. */
  soldOut: boolean;
  portionsLeft: number | null;
};

export type DishRefusal = "not_on_menu" | "no_price" | "sold_out" | "not_enough";

/** Why `portions` of a dish cannot be ordered for a day (null when they can). */
export function dishRefusal(dish: DishState, portions: number): DishRefusal | null {
  if (!dish.active || !dish.cookedThatDay) return "not_on_menu";
  if (dish.priceCents === null) return "no_price";
  if (dish.soldOut || dish.portionsLeft === 0) return "sold_out";
  if (dish.portionsLeft !== null && dish.portionsLeft < portions) return "not_enough";
  return null;
}

/** Whether the menu offers the dish to the cart at all (a price, cooked, not sold out). */
export function isOrderable(dish: DishState): boolean {
  return dishRefusal(dish, PORTIONS_MIN) === null;
}

/** Sold out shows by itself once the day's portions are gone, beside the manual switch. */
export function showsSoldOut(soldOutSwitch: boolean, left: number | null): boolean {
  return soldOutSwitch || left === 0;
}

// ---- Carts with dishes ----

export type CartLineKind = { productId: number } | { dishId: number };

export type CartKind = "sweets" | "dishes" | "mixed";

export function cartKind(lines: readonly CartLineKind[]): CartKind {
  const dishes = lines.filter((l) => "dishId" in l).length;
  if (dishes === 0) return "sweets";
  return dishes === lines.length ? "dishes" : "mixed";
}

/** The indexes of the lines that cannot go to `country` (dishes outside Syria). */
export function linesThatCannotTravel(lines: readonly CartLineKind[], country: string): number[] {
  if (country.toUpperCase() === DISH_COUNTRY) return [];
  return lines.flatMap((line, index) => ("dishId" in line ? [index] : []));
}

/**
 * A cart with a dish goes on the dish's day and slot, sweets included: one trip. Every dish
 * of a cart must be for the same day (the first one's).
 */
export function cartDay(dishDates: readonly string[]): string | null {
  const [first] = dishDates;
  if (first === undefined) return null;
  return dishDates.every((d) => d === first) ? first : null;
}

// ---- Money rules ----

/**
 * Bank transfer waits for the money to arrive; a dish cooked today cannot wait for it unless
 * the owner allows it. Other methods follow checkout's own rules.
 */
export function paymentAllowedForDishes(
  method: string,
  readyDate: string,
  today: string,
  bankTransferSameDay: boolean,
): boolean {
  if (method !== "bank_transfer") return true;
  return readyDate !== today || bankTransferSameDay;
}

// ---- The cook's steps ----

export const KITCHEN_STEPS = [
  "preparing",
  "ready",
  "out_for_delivery",
  "delivered",
  "picked_up",
] as const;
export type KitchenStep = (typeof KITCHEN_STEPS)[number];

export function isKitchenStep(value: unknown): value is KitchenStep {
  return typeof value === "string" && (KITCHEN_STEPS as readonly string[]).includes(value);
}

/** The steps an order goes through, in order: a pickup is picked up, not driven. */
export function stepsFor(kind: "delivery" | "pickup"): readonly KitchenStep[] {
  return kind === "pickup"
    ? ["preparing", "ready", "picked_up"]
    : ["preparing", "ready", "out_for_delivery", "delivered"];
}

/** The one step that may follow `current` (null before the first), or null at the end. */
export function nextStep(
  current: KitchenStep | null,
  kind: "delivery" | "pickup",
): KitchenStep | null {
  const steps = stepsFor(kind);
  if (current === null) return steps[0] ?? null;
  const at = steps.indexOf(current);
  return at < 0 ? null : (steps[at + 1] ?? null);
}

/** The order status a dish-only order takes at each step. */
export function statusOfStep(step: KitchenStep): "preparing" | "shipped" | "completed" {
  switch (step) {
    case "preparing":
    case "ready":
      return "preparing";
    case "out_for_delivery":
      return "shipped";
    case "delivered":
    case "picked_up":
      return "completed";
  }
}

// ---- Texts (both languages; the API answers in the request's) ----

type Bilingual = { en: string; ar: string };

export const KITCHEN_ORDER_MESSAGES = {
  PORTIONS: {
    en: `Portions must be a whole number from ${PORTIONS_MIN} to ${PORTIONS_MAX}.`,
    ar: `عدد الحصص يجب أن يكون رقماً صحيحاً من ${PORTIONS_MIN} إلى ${PORTIONS_MAX}.`,
  },
  SLOT_REQUIRED: { en: "Please choose a delivery time.", ar: "يرجى اختيار وقت التوصيل." },
  SLOT_UNKNOWN: {
    en: "This time is not one of the kitchen's delivery times.",
    ar: "هذا الوقت ليس من أوقات توصيل المطبخ.",
  },
  SLOT_CLOSED: {
    en: "This delivery time has closed. Please choose a later one.",
    ar: "انتهى وقت الطلب لهذا الموعد. يرجى اختيار موعد لاحق.",
  },
  SLOT_FULL: {
    en: "This delivery time is full. Please choose another one.",
    ar: "هذا الموعد ممتلئ. يرجى اختيار موعد آخر.",
  },
  DAY: {
    en: "Dishes can be ordered for today or tomorrow, on a day they are cooked.",
    ar: "يمكن طلب الأطباق لليوم أو للغد، في يوم طبخها.",
  },
  AREA_UNKNOWN: {
    en: "We deliver dishes only to the listed areas of Damascus.",
    ar: "نوصل الأطباق فقط إلى مناطق دمشق المدرجة.",
  },
  METHOD: {
    en: "Dishes are delivered in Damascus or picked up at the kitchen.",
    ar: "توصل الأطباق داخل دمشق أو تُستلم من المطبخ.",
  },
  PAYMENT: {
    en: "Bank transfer is not available for today's dishes. Please pay cash on delivery or by card.",
    ar: "التحويل المصرفي غير متاح لأطباق اليوم. يرجى الدفع نقداً عند الاستلام أو بالبطاقة.",
  },
  STEP: {
    en: "This order cannot take that step now.",
    ar: "لا يمكن نقل هذا الطلب إلى هذه المرحلة الآن.",
  },
} as const satisfies Record<string, Bilingual>;

/** "Lentil soup is not on the menu that day." and the like, per refusal, both languages. */
export function dishRefusalMessage(reason: DishRefusal, name: Bilingual, left = 0): Bilingual {
  switch (reason) {
    case "not_on_menu":
      return {
        en: `${name.en} is not on the menu that day.`,
        ar: `${name.ar || name.en} ليس في قائمة ذلك اليوم.`,
      };
    case "no_price":
      return {
        en: `${name.en} cannot be ordered online.`,
        ar: `لا يمكن طلب ${name.ar || name.en} عبر الموقع.`,
      };
    case "sold_out":
      return {
        en: `Sorry, ${name.en} is sold out.`,
        ar: `عذراً، نفدت كمية ${name.ar || name.en}.`,
      };
    case "not_enough":
      return {
        en: `Sorry, only ${left} portions of ${name.en} are left.`,
        ar: `عذراً، بقي ${left} حصص فقط من ${name.ar || name.en}.`,
      };
  }
}

/** The refusal of a cart with dishes going abroad, naming the lines that cannot travel. */
export function cannotTravelMessage(names: readonly Bilingual[]): Bilingual {
  return {
    en: `Dishes from our kitchen are delivered only in Damascus: ${names.map((n) => n.en).join(", ")} cannot travel abroad. Remove them or choose a Damascus address.`,
    ar: `أطباق مطبخنا توصل داخل دمشق فقط: لا يمكن إرسال ${names.map((n) => n.ar || n.en).join("، ")} إلى الخارج. احذفها أو اختر عنواناً في دمشق.`,
  };
}
