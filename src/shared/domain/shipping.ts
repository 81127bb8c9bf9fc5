import { addDays, BUSINESS_TIME_ZONE, weekdayOf } from "./business-time.ts";
import {
  type DeliverySlots,
  type SlotKind,
  type SlotOffer,
  slotsForDay,
} from "./delivery-slots.ts";
import {
  type Booked,
  type DayOverride,
  type DayScope,
  DISPATCH_HORIZON_DAYS,
  dispatchDay,
  firstBookableDay,
  NO_WEEKDAY_LIMITS,
  openDays,
  READY_WINDOW_DAYS,
  readyDays,
  type WeekdayCapacity,
} from "./ready-days.ts";

/** The shop ships from Damascus; Syria is domestic and has no weight cap. */
export const DOMESTIC_COUNTRY = "SY";

/** The 36 countries the shop does not ship to, in the order the shop lists them. */
export const NO_SHIPPING_COUNTRIES: ReadonlySet<string> = new Set([
  "AF", // Afghanistan
  "DZ", // Algeria
  "AR", // Argentina
  "BE", // Belgium
  "BO", // Bolivia
  "BR", // Brazil
  "CL", // Chile
  "CO", // Colombia
  "CR", // Costa Rica
  "CU", // Cuba
  "SV", // El Salvador
  "DO", // Dominican Republic
  "EC", // Ecuador
  "EG", // Egypt
  "GH", // Ghana
  "GR", // Greece
  "GT", // Guatemala
  "HT", // Haiti
  "HN", // Honduras
  "ID", // Indonesia
  "IR", // Iran
  "MX", // Mexico
  "NI", // Nicaragua
  "PA", // Panama
  "PY", // Paraguay
  "PE", // Peru
  "PT", // Portugal (also on the 1 kg list; refusal wins)
  "PR", // Puerto Rico
  "RU", // Russia
  "ES", // Spain
  "TH", // Thailand
  "TN", // Tunisia
  "TR", // Turkey
  "UA", // Ukraine
  "UY", // Uruguay
  "VE", // Venezuela
]);

const ONE_KG = 1000;
const THREE_KG = 3000;

/** The per-country cap on an order's total weight, in grams. */
export const WEIGHT_LIMIT_GRAMS: Readonly<Record<string, number>> = {
  AT: ONE_KG, // Austria
  DK: ONE_KG, // Denmark
  IT: ONE_KG, // Italy
  IE: ONE_KG, // Ireland
  LV: ONE_KG, // Latvia
  LT: ONE_KG, // Lithuania
  MT: ONE_KG, // Malta
  PL: ONE_KG, // Poland
  PT: ONE_KG, // Portugal: listed here too, but NO_SHIPPING_COUNTRIES takes precedence
  RO: ONE_KG, // Romania
  SI: ONE_KG, // Slovenia
  LB: ONE_KG, // Lebanon
  MA: ONE_KG, // Morocco
  FR: ONE_KG, // France
  SE: THREE_KG, // Sweden
  FI: THREE_KG, // Finland
  DE: THREE_KG, // Germany
  SK: THREE_KG, // Slovakia
  NL: THREE_KG, // the Netherlands
};

export type ShippingRule =
  | { kind: "domestic" }
  | { kind: "international"; maxGrams: number | null }
  | { kind: "refused" };

/**
 * Refusal is checked first: Portugal is on both lists, and the stricter
 * reading wins. A country on neither list ships internationally without a cap.
 */
export function shippingRuleFor(country: string): ShippingRule {
  const code = country.trim().toUpperCase();
  if (code === DOMESTIC_COUNTRY) return { kind: "domestic" };
  if (NO_SHIPPING_COUNTRIES.has(code)) return { kind: "refused" };
  return { kind: "international", maxGrams: WEIGHT_LIMIT_GRAMS[code] ?? null };
}

export type ShippingCheck =
  | { ok: true; domestic: boolean }
  | { ok: false; reason: "no_shipping" }
  | { ok: false; reason: "weight_limit"; maxGrams: number };

/** Whether a cart of `totalGrams` may go to `country`. Limits are inclusive: 1000 g to a 1 kg country ships. */
export function checkShipping(country: string, totalGrams: number): ShippingCheck {
  const rule = shippingRuleFor(country);
  switch (rule.kind) {
    case "domestic":
      return { ok: true, domestic: true };
    case "refused":
      return { ok: false, reason: "no_shipping" };
    case "international":
      if (rule.maxGrams !== null && totalGrams > rule.maxGrams) {
        return { ok: false, reason: "weight_limit", maxGrams: rule.maxGrams };
      }
      return { ok: true, domestic: false };
  }
}

// ---------------------------------------------------------------------------------------
// Shipping zones. The lists above are "today's rules": the seed of the zones the
// owner edits (migration 0021 writes the same rows; `todaysRules` is its pure twin, used by
// tests and by the pre-country cart summary). Everything below takes the rules as data and
// never reads a clock: callers pass `now`.

/** The zones' texts; zod-free so the browser's message translator can import them. */
export const SHIPPING_MESSAGES = {
  NAME_REQUIRED: "The zone name is required.",
  NAME_TOO_LONG: "The name must not be longer than 120 characters.",
  COUNTRIES_INVALID: "Please choose countries from the list.",
  COUNTRIES_DUPLICATE: "A country appears twice in this list.",
  COUNTRIES_TOO_MANY: "A list can have at most 249 countries.",
  MAX_GRAMS: "The weight cap must be a whole number of grams from 1 to 1,000,000, or empty.",
  RATES_REQUIRED: "Add between 1 and 20 rates.",
  UP_TO_GRAMS: "The weight must be a whole number of grams from 1 to 1,000,000.",
  RATES_ORDER: "Each rate must go up to a heavier weight than the one before it.",
  RATES_OPEN_LAST: "Only the last rate may have no upper weight.",
  FEE: "The fee must be a number from 0 to 10,000 with at most two decimals.",
  CARRIER_NAME_REQUIRED: "The carrier name is required.",
  TRACKING_URL:
    "The tracking address must start with https:// and contain {number} where the tracking number goes.",
  TRACKING_NUMBER: "The tracking number must be 1 to 100 letters, digits, spaces or - _ / .",
  CARRIER_UNKNOWN: "Please choose a carrier from the list.",
  TRACKING_ONLY_SHIPPED:
    "A carrier and tracking number can only be given when marking the order shipped.",
  METHOD_UNKNOWN: "This shipping method is not available for your order.",
  DATE_INVALID: "Please choose one of the delivery days offered.",
  DATE_NOT_OFFERED: "Delivery is not offered on this day. Please choose one of the days offered.",
  DATE_ONLY_DELIVERY: "A delivery day can only be chosen for home delivery in Syria.",
  WEEKDAYS: "Weekdays must be whole numbers from 0 (Sunday) to 6 (Saturday).",
  CUTOFF_HOUR: "The cut-off hour must be a whole number from 0 to 23.",
  ZONE_NOT_FOUND: "This shipping zone does not exist.",
  CARRIER_NOT_FOUND: "This carrier does not exist.",
} as const;

/** "Germany is already in the zone Europe." (the 422 for a country in two zones). */
export function countryInOtherZoneMessage(countryName: string, zoneName: string): string {
  return `${countryName} is already in the zone ${zoneName}.`;
}
/** "Portugal is on the refused list." (a zone may not take a refused country). */
export function countryRefusedMessage(countryName: string): string {
  return `${countryName} is on the refused list; remove it there first.`;
}
/** "Germany is in the zone Europe." (the refused list may not take a zoned country). */
export function countryZonedMessage(countryName: string, zoneName: string): string {
  return `${countryName} is in the zone ${zoneName}; remove it there first.`;
}

/** One weight band: carts up to `upToGrams` (inclusive) pay `feeCents`; null = no upper end. */
export type ShippingRate = { upToGrams: number | null; feeCents: number };

export type ShippingZone = {
  id: number;
  name: string;
  nameAr: string;
  countries: string[];
  /** The zone's cap on a cart's total weight, in grams; null = no cap. */
  maxGrams: number | null;
  /** Strictly increasing `upToGrams`; only the last may be null. */
  rates: ShippingRate[];
};

export type ShippingRules = { zones: ShippingZone[]; refused: string[] };

export const ONE_KG_ZONE = {
  name: "Europe and the Mediterranean (1 kg limit)",
  nameAr: "أوروبا والمتوسط (حد 1 كغ)",
};
export const THREE_KG_ZONE = {
  name: "Northern Europe (3 kg limit)",
  nameAr: "شمال أوروبا (حد 3 كغ)",
};
export const DOMESTIC_ZONE = { name: "Syria", nameAr: "سوريا" };
export const REST_OF_WORLD_ZONE = { name: "Rest of the world", nameAr: "باقي دول العالم" };

/**
 * Today's rules (the lists above) as zones: Syria, the 1 kg and 3 kg caps (Portugal left
 * out: refused wins), every other known country in a rest-of-world zone, each at one open
 * band of `feeCents`. Migration 0021 seeds exactly this; a test keeps the two in step.
 */
export function todaysRules(allCountryCodes: readonly string[], feeCents: number): ShippingRules {
  const refused = [...NO_SHIPPING_COUNTRIES];
  const capped = (grams: number) =>
    Object.entries(WEIGHT_LIMIT_GRAMS)
      .filter(([code, max]) => max === grams && !NO_SHIPPING_COUNTRIES.has(code))
      .map(([code]) => code);
  const oneKg = capped(1000);
  const threeKg = capped(3000);
  const taken = new Set([DOMESTIC_COUNTRY, ...refused, ...oneKg, ...threeKg]);
  const rest = allCountryCodes.filter((code) => !taken.has(code));
  const open = [{ upToGrams: null, feeCents }];
  return {
    refused,
    zones: [
      { id: 1, ...DOMESTIC_ZONE, countries: [DOMESTIC_COUNTRY], maxGrams: null, rates: open },
      { id: 2, ...ONE_KG_ZONE, countries: oneKg, maxGrams: 1000, rates: open },
      { id: 3, ...THREE_KG_ZONE, countries: threeKg, maxGrams: 3000, rates: open },
      { id: 4, ...REST_OF_WORLD_ZONE, countries: rest, maxGrams: null, rates: open },
    ],
  };
}

/** The zone a country belongs to, or undefined (a country is in at most one zone). */
export function zoneFor(rules: ShippingRules, country: string): ShippingZone | undefined {
  const code = country.trim().toUpperCase();
  return rules.zones.find((zone) => zone.countries.includes(code));
}

/**
 * The heaviest cart a zone takes: its cap, or the last band's upper end when that is closed,
 * whichever is lower. A cart heavier than every band and the cap is refused with this figure.
 */
export function zoneLimitGrams(zone: ShippingZone): number | null {
  const last = zone.rates.at(-1)?.upToGrams ?? null;
  if (zone.maxGrams === null) return last;
  return last === null ? zone.maxGrams : Math.min(zone.maxGrams, last);
}

/** The fee for a cart of `grams` in a zone: the first band whose upper end (inclusive) holds it. */
export function rateFor(zone: ShippingZone, grams: number): number | null {
  const band = zone.rates.find((rate) => rate.upToGrams === null || grams <= rate.upToGrams);
  return band ? band.feeCents : null;
}

export type ZoneQuote =
  | { ok: true; zone: ShippingZone; feeCents: number }
  | { ok: false; reason: "no_shipping" }
  | { ok: false; reason: "weight_limit"; maxGrams: number };

/**
 * Delivery to `country` of a cart weighing `grams` under `rules`. Refused wins over any zone
 * (Portugal); a country in no zone is refused with the same message; the cap and
 * the bands are inclusive (1000 g to a 1 kg zone ships).
 */
export function quoteDelivery(rules: ShippingRules, country: string, grams: number): ZoneQuote {
  const code = country.trim().toUpperCase();
  if (rules.refused.includes(code)) return { ok: false, reason: "no_shipping" };
  const zone = zoneFor(rules, code);
  if (!zone) return { ok: false, reason: "no_shipping" };
  const limit = zoneLimitGrams(zone);
  if (limit !== null && grams > limit)
    return { ok: false, reason: "weight_limit", maxGrams: limit };
  const feeCents = rateFor(zone, grams);
  // Unreachable with valid bands (the limit covers a closed last band); kept total.
  if (feeCents === null) return { ok: false, reason: "weight_limit", maxGrams: limit ?? grams };
  return { ok: true, zone, feeCents };
}

/** What a problem in `ZoneQuote` means in the older `ShippingCheck` shape (same messages). */
export function asShippingCheck(quote: ZoneQuote, domestic: boolean): ShippingCheck {
  return quote.ok ? { ok: true, domestic } : quote;
}

// ---- Delivery days (domestic zone) ----

export type DeliveryDaysSettings = {
  /** 0 = Sunday ... 6 = Saturday; default Friday (the factory's day off). */
  closedWeekdays: readonly number[];
  /** Orders placed at or after this hour (Asia/Damascus) start tomorrow. */
  cutoffHour: number;
};

export const DEFAULT_DELIVERY_CLOSED_WEEKDAYS = [5];
export const DEFAULT_DELIVERY_CUTOFF_HOUR = 14;
export const DELIVERY_WINDOW_DAYS = 7;

/**
 * The days a domestic delivery may be booked for: the 7 Damascus days starting today (or
 * tomorrow once the cut-off hour has passed), minus the closed weekdays. YYYY-MM-DD, in order.
 */
export function deliveryDays(
  now: Date,
  settings: DeliveryDaysSettings,
  tz = BUSINESS_TIME_ZONE,
): string[] {
  const first = firstBookableDay(now, settings.cutoffHour, tz);
  const closed = new Set(settings.closedWeekdays);
  return Array.from({ length: DELIVERY_WINDOW_DAYS }, (_, i) => addDays(first, i)).filter(
    (day) => !closed.has(weekdayOf(day)),
  );
}

// ---- Method ids and names (the quote, the order) ----

export const HOME_DELIVERY = { name: "Home delivery", nameAr: "توصيل إلى العنوان" };

export function pickupMethodName(title: { en: string; ar: string }): {
  name: string;
  nameAr: string;
} {
  return { name: `Pickup at ${title.en}`, nameAr: `الاستلام من ${title.ar || title.en}` };
}

export type MethodId = { kind: "delivery"; zoneId: number } | { kind: "pickup"; index: number };

/** "delivery:3" -> { kind: "delivery", zoneId: 3 }; anything else -> null. */
export function parseMethodId(id: string): MethodId | null {
  const match = /^(delivery|pickup):(\d{1,9})$/.exec(id.trim());
  if (!match) return null;
  const n = Number(match[2]);
  return match[1] === "delivery" ? { kind: "delivery", zoneId: n } : { kind: "pickup", index: n };
}

/** The carrier's template with the number filled in, URL-encoded. */
export function trackingUrl(template: string, trackingNumber: string): string {
  return template.replaceAll("{number}", encodeURIComponent(trackingNumber));
}

// ---- Everything checkout offers for one cart ----

/** A shop location as settings store it; `pickup` = offered as free pickup at checkout. */
export type PickupPoint = { title: { en: string; ar: string }; pickup: boolean };

export type ShippingOption = {
  id: string;
  kind: "delivery" | "pickup";
  name: string;
  nameAr: string;
  feeCents: number;
  /** The zone a delivery goes through; null for pickup. */
  zone: ShippingZone | null;
  /**
   * The days the order may be ready on with room for the whole cart: the delivery or pickup
   * days in the 7-day window, or abroad the one dispatch day (none when no day has room).
   */
  days?: string[];
  /** Open days of the same window that are full for this cart: a 409 rather than a 422. */
  fullDays?: string[];
  /**
   * The time slots with room on each offered day, when this kind (domestic delivery or
   * pickup) has slots; absent when it has none (the order then carries no slot).
   */
  slotsByDay?: Record<string, SlotOffer[]>;
  /** Slots of an offered day that exist and have started not, but are full: a 409 rather than a 422. */
  fullSlotsByDay?: Record<string, string[]>;
};

export type ShippingOptions =
  | { ok: true; methods: ShippingOption[] }
  | Extract<ZoneQuote, { ok: false }>;

/** The kitchen's capacity and what is booked; left out, no day is ever full. */
export type CapacityInput = {
  weekdayCapacity: WeekdayCapacity;
  overrides: ReadonlyMap<string, DayOverride>;
  booked: ReadonlyMap<string, Booked>;
  categoryCaps?: ReadonlyMap<number, number>;
  gramsByCategory?: ReadonlyMap<number, number>;
};

export type ShippingOptionsInput = {
  rules: ShippingRules;
  country: string;
  grams: number;
  locations: readonly PickupPoint[];
  days: DeliveryDaysSettings;
  now: Date;
  capacity?: CapacityInput;
  /** The owner's delivery and pickup slots; left out, no kind has slots. */
  slots?: DeliverySlots;
  /**
   * Seasons: the days of those open for orders join the window (domestic delivery and
   * pickup), and a cart of season-only products is ready only within its season (any method).
   */
  scope?: DayScope;
};

/**
 * The days with room and the open days without, for a window of `windowDays`. With `kind`
 * (a domestic delivery or a pickup) whose slots the owner set, a day with room is offered
 * only while one of its slots takes another order, and carries those slots.
 */
function daysFor(
  input: ShippingOptionsInput,
  windowDays: number,
  firstOnly: boolean,
  kind?: SlotKind,
): Pick<ShippingOption, "days" | "fullDays" | "slotsByDay" | "fullSlotsByDay"> {
  const ready = {
    now: input.now,
    rules: {
      closedWeekdays: input.days.closedWeekdays,
      cutoffHour: input.days.cutoffHour,
      weekdayCapacity: input.capacity?.weekdayCapacity ?? NO_WEEKDAY_LIMITS,
      overrides: input.capacity?.overrides ?? new Map(),
      categoryCaps: input.capacity?.categoryCaps,
    },
    booked: input.capacity?.booked ?? new Map(),
    cart: { grams: input.grams, gramsByCategory: input.capacity?.gramsByCategory },
    // Abroad, the dispatch day keeps to the season's bound but takes no extra days.
    scope: firstOnly ? { within: input.scope?.within ?? null } : input.scope,
  };
  let withRoom = firstOnly
    ? [dispatchDay(ready)].filter((d): d is string => d !== null)
    : readyDays(ready, windowDays);
  let slots: Pick<ShippingOption, "slotsByDay" | "fullSlotsByDay"> = {};
  if (kind && input.slots && input.slots[kind].length > 0) {
    const offers: Record<string, SlotOffer[]> = {};
    const full: Record<string, string[]> = {};
    for (const day of withRoom) {
      const base = { slots: input.slots, kind, day, now: input.now };
      const left = slotsForDay({ ...base, booked: input.capacity?.booked.get(day)?.slots });
      const open = slotsForDay({ ...base, booked: undefined }) ?? [];
      if (left && left.length > 0) offers[day] = left;
      full[day] = open.map((s) => s.id).filter((id) => !left?.some((s) => s.id === id));
    }
    withRoom = withRoom.filter((day) => offers[day] !== undefined);
    slots = { slotsByDay: offers, fullSlotsByDay: full };
  }
  const last = withRoom[0];
  const full = openDays(ready, windowDays).filter(
    (day) => !withRoom.includes(day) && (!firstOnly || last === undefined || day < last),
  );
  return { days: withRoom, fullDays: full, ...slots };
}

/**
 * The methods checkout offers (the quote API) and the server re-checks when placing: the
 * delivery of the country's zone, then a free pickup at each location the owner opened for
 * it. Every method carries the days it may be ready on: domestic delivery and pickup the open
 * days of the 7-day window with room for the cart (same closed weekdays and cut-off), a
 * delivery abroad its dispatch day. The shops are in Damascus, so pickup is offered to Syrian
 * addresses only, and then whatever delivery says (a cart too heavy for delivery may still be
 * collected).
 */
export function shippingOptions(input: ShippingOptionsInput): ShippingOptions {
  const country = input.country.trim().toUpperCase();
  const delivery = quoteDelivery(input.rules, country, input.grams);
  const methods: ShippingOption[] = [];
  const local = country === DOMESTIC_COUNTRY;
  if (delivery.ok) {
    const domestic = delivery.zone.countries.includes(DOMESTIC_COUNTRY);
    methods.push({
      id: `delivery:${delivery.zone.id}`,
      kind: "delivery",
      name: HOME_DELIVERY.name,
      nameAr: HOME_DELIVERY.nameAr,
      feeCents: delivery.feeCents,
      zone: delivery.zone,
      ...(domestic
        ? daysFor(input, READY_WINDOW_DAYS, false, "delivery")
        : daysFor(input, DISPATCH_HORIZON_DAYS, true)),
    });
  }
  if (local) {
    const pickupDays = daysFor(input, READY_WINDOW_DAYS, false, "pickup");
    input.locations.forEach((location, index) => {
      if (!location.pickup) return;
      const names = pickupMethodName(location.title);
      methods.push({
        id: `pickup:${index}`,
        kind: "pickup",
        name: names.name,
        nameAr: names.nameAr,
        feeCents: 0,
        zone: null,
        ...pickupDays,
      });
    });
  }
  if (methods.length === 0 && !delivery.ok) return delivery;
  return { ok: true, methods };
}

/** The method an order without `shipping_method` gets: the cheapest delivery (older clients). */
export function cheapestDelivery(methods: readonly ShippingOption[]): ShippingOption | undefined {
  return methods
    .filter((m) => m.kind === "delivery")
    .reduce<ShippingOption | undefined>(
      (best, m) => (!best || m.feeCents < best.feeCents ? m : best),
      undefined,
    );
}
