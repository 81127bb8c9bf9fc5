import { describe, expect, it } from "vitest";
import { countries } from "./countries.ts";
import { NO_WEEKDAY_LIMITS } from "./ready-days.ts";
import {
  cheapestDelivery,
  checkShipping,
  deliveryDays,
  NO_SHIPPING_COUNTRIES,
  parseMethodId,
  quoteDelivery,
  rateFor,
  type ShippingRules,
  type ShippingZone,
  shippingOptions,
  todaysRules,
  trackingUrl,
  WEIGHT_LIMIT_GRAMS,
  zoneLimitGrams,
} from "./shipping.ts";

const ALL = countries.map((c) => c.code);

// The example: a Gulf zone at 25.00 up to 1 kg and 40.00 up to 3 kg.
const gulf: ShippingZone = {
  id: 7,
  name: "Gulf",
  nameAr: "الخليج",
  countries: ["AE", "QA"],
  maxGrams: null,
  rates: [
    { upToGrams: 1000, feeCents: 2500 },
    { upToGrams: 3000, feeCents: 4000 },
  ],
};
const openEnded: ShippingZone = {
  id: 8,
  name: "Levant",
  nameAr: "بلاد الشام",
  countries: ["JO"],
  maxGrams: null,
  rates: [
    { upToGrams: 500, feeCents: 500 },
    { upToGrams: null, feeCents: 1200 },
  ],
};
const cappedBands: ShippingZone = {
  id: 9,
  name: "Capped",
  nameAr: "",
  countries: ["IQ"],
  maxGrams: 2000,
  rates: [
    { upToGrams: 1000, feeCents: 700 },
    { upToGrams: null, feeCents: 900 },
  ],
};
// A cap above the last closed band: the band is the real limit.
const bandBelowCap: ShippingZone = {
  id: 10,
  name: "Band below cap",
  nameAr: "",
  countries: ["KW"],
  maxGrams: 5000,
  rates: [{ upToGrams: 2000, feeCents: 1000 }],
};
const rules: ShippingRules = {
  zones: [gulf, openEnded, cappedBands, bandBelowCap, { ...gulf, id: 11, countries: ["PT"] }],
  refused: ["PT", "TR"],
};

describe("rateFor: bands are inclusive at their upper edge", () => {
  it.each([
    [gulf, 1, 2500],
    [gulf, 999, 2500],
    [gulf, 1000, 2500],
    [gulf, 1001, 4000],
    [gulf, 3000, 4000],
    [gulf, 3001, null],
    [openEnded, 500, 500],
    [openEnded, 501, 1200],
    [openEnded, 1_000_000, 1200],
  ])("%#: %d g", (zone, grams, fee) => {
    expect(rateFor(zone, grams)).toBe(fee);
  });
});

describe("zoneLimitGrams: the lower of the cap and a closed last band", () => {
  it.each([
    [gulf, 3000],
    [openEnded, null],
    [cappedBands, 2000],
    [bandBelowCap, 2000],
  ])("%#", (zone, limit) => {
    expect(zoneLimitGrams(zone)).toBe(limit);
  });
});

describe("quoteDelivery", () => {
  it.each([
    // Inclusive band edges and the open last band.
    ["QA", 1000, { ok: true, fee: 2500 }],
    ["QA", 1500, { ok: true, fee: 4000 }],
    ["AE", 3000, { ok: true, fee: 4000 }],
    ["JO", 50_000, { ok: true, fee: 1200 }],
    // Heavier than every band: refused with the last band as the limit.
    ["QA", 3001, { ok: false, reason: "weight_limit", maxGrams: 3000 }],
    // Cap vs. band: the open band does not lift the cap; a band below the cap is the limit.
    ["IQ", 2000, { ok: true, fee: 900 }],
    ["IQ", 2001, { ok: false, reason: "weight_limit", maxGrams: 2000 }],
    ["KW", 2001, { ok: false, reason: "weight_limit", maxGrams: 2000 }],
    // Refused wins over a zone (Portugal), and a country in no zone is refused too.
    ["PT", 1, { ok: false, reason: "no_shipping" }],
    ["TR", 1, { ok: false, reason: "no_shipping" }],
    ["GB", 1, { ok: false, reason: "no_shipping" }],
    // Codes are compared upper case.
    [" qa ", 10, { ok: true, fee: 2500 }],
  ])("%s, %d g", (country, grams, expected) => {
    const quote = quoteDelivery(rules, country, grams);
    if ("fee" in expected) {
      expect(quote.ok).toBe(true);
      expect(quote.ok && quote.feeCents).toBe(expected.fee);
    } else {
      expect(quote).toEqual(expected);
    }
  });
});

describe("todaysRules: the seed says what the old constants said", () => {
  const seed = todaysRules(ALL, 1500);

  it("has Syria, the 1 kg and 3 kg zones and the rest of the world, all at 15.00", () => {
    expect(seed.zones.map((z) => [z.countries.length, z.maxGrams, z.rates])).toEqual([
      [1, null, [{ upToGrams: null, feeCents: 1500 }]],
      [13, 1000, [{ upToGrams: null, feeCents: 1500 }]],
      [5, 3000, [{ upToGrams: null, feeCents: 1500 }]],
      [ALL.length - 1 - 13 - 5 - 36, null, [{ upToGrams: null, feeCents: 1500 }]],
    ]);
    expect(seed.refused).toHaveLength(36);
  });

  it("puts every known country in exactly one place", () => {
    const placed = [...seed.refused, ...seed.zones.flatMap((z) => z.countries)];
    expect(placed).toHaveLength(ALL.length);
    expect(new Set(placed)).toEqual(new Set(ALL));
  });

  // Every country at the old limits: same answer, same message inputs.
  it.each(ALL)("%s answers as checkShipping did", (code) => {
    const cap = WEIGHT_LIMIT_GRAMS[code];
    for (const grams of [1, 999, 1000, 1001, 2999, 3000, 3001, 50_000]) {
      const before = checkShipping(code, grams);
      const after = quoteDelivery(seed, code, grams);
      if (before.ok) {
        expect(after.ok).toBe(true);
        expect(after.ok && after.feeCents).toBe(1500);
      } else {
        expect(after).toEqual(before);
      }
      if (NO_SHIPPING_COUNTRIES.has(code)) expect(after.ok).toBe(false);
      if (cap && !NO_SHIPPING_COUNTRIES.has(code) && grams > cap) expect(after.ok).toBe(false);
    }
  });
});

describe("deliveryDays (Asia/Damascus, UTC+3)", () => {
  const week = { closedWeekdays: [5], cutoffHour: 14 };
  // 2026-11-25 is a Wednesday; 2026-11-27 a Friday.
  it.each([
    [
      "Wednesday morning: today and six more, Friday left out",
      "2026-11-25T06:00:00Z",
      week,
      ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"],
    ],
    [
      "one minute before the cut-off (13:59 Damascus) still starts today",
      "2026-11-25T10:59:00Z",
      week,
      ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"],
    ],
    [
      "at the cut-off (14:00 Damascus) starts tomorrow",
      "2026-11-25T11:00:00Z",
      week,
      ["2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"],
    ],
    [
      "23:59 Damascus is still Wednesday (20:59 UTC): after the cut-off, from Thursday",
      "2026-11-25T20:59:00Z",
      week,
      ["2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"],
    ],
    [
      "00:30 Damascus on Thursday is 21:30 UTC on Wednesday: Thursday is today",
      "2026-11-25T21:30:00Z",
      week,
      ["2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"],
    ],
    [
      "Thursday after the cut-off: tomorrow is Friday, closed, so Saturday first",
      "2026-11-26T12:00:00Z",
      week,
      ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"],
    ],
    [
      "on a Friday morning the window opens Saturday",
      "2026-11-27T05:00:00Z",
      week,
      ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"],
    ],
    [
      "no closed days: seven days",
      "2026-11-25T06:00:00Z",
      { closedWeekdays: [], cutoffHour: 14 },
      [
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
        "2026-11-29",
        "2026-11-30",
        "2026-12-01",
      ],
    ],
    [
      "cut-off 0: every order starts tomorrow",
      "2026-11-25T06:00:00Z",
      { closedWeekdays: [5, 6], cutoffHour: 0 },
      ["2026-11-26", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"],
    ],
    [
      "across the year's end",
      "2026-12-29T06:00:00Z",
      week,
      ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-02", "2027-01-03", "2027-01-04"],
    ],
    [
      "every day closed: none",
      "2026-11-25T06:00:00Z",
      { closedWeekdays: [0, 1, 2, 3, 4, 5, 6], cutoffHour: 14 },
      [],
    ],
  ])("%s", (_label, at, settings, days) => {
    expect(deliveryDays(new Date(at), settings)).toEqual(days);
  });
});

describe("shippingOptions", () => {
  const seed = todaysRules(ALL, 1500);
  const locations = [
    { title: { en: "Main shop", ar: "المحل الرئيسي" }, pickup: true },
    { title: { en: "Kitchen", ar: "" }, pickup: false },
    { title: { en: "Branch", ar: "الفرع" }, pickup: true },
  ];
  const base = {
    rules: seed,
    locations,
    days: { closedWeekdays: [5], cutoffHour: 14 },
    now: new Date("2026-11-25T06:00:00Z"),
  };

  it("Syria: delivery with days, then the pickup locations by their index", () => {
    const result = shippingOptions({ ...base, country: "SY", grams: 2000 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.methods.map((m) => [m.id, m.kind, m.feeCents, m.name])).toEqual([
      ["delivery:1", "delivery", 1500, "Home delivery"],
      ["pickup:0", "pickup", 0, "Pickup at Main shop"],
      ["pickup:2", "pickup", 0, "Pickup at Branch"],
    ]);
    expect(result.methods[0]!.days).toHaveLength(6);
    expect(result.methods[2]!.nameAr).toBe("الاستلام من الفرع");
  });

  it("abroad: delivery only, with its dispatch day, no pickup", () => {
    const result = shippingOptions({ ...base, country: "QA", grams: 2000 });
    expect(result.ok && result.methods.map((m) => [m.id, m.days])).toEqual([
      ["delivery:4", ["2026-11-25"]],
    ]);
  });

  it("pickup asks for a day: the same days as delivery", () => {
    const result = shippingOptions({ ...base, country: "SY", grams: 2000 });
    expect(result.ok && result.methods.map((m) => m.days)).toEqual([
      ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"],
      ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"],
      ["2026-11-25", "2026-11-26", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"],
    ]);
  });

  it("with slots: each kind offers its own slots per day; a day whose slots are full is not offered; abroad has none", () => {
    const slots = {
      delivery: [
        { start: "10:00", end: "13:00", maxOrders: 1 },
        { start: "13:00", end: "17:00", maxOrders: 1 },
      ],
      pickup: [],
    };
    const capacity = {
      weekdayCapacity: NO_WEEKDAY_LIMITS,
      overrides: new Map(),
      booked: new Map([
        ["2026-11-26", { grams: 2000, slots: new Map([["delivery|10:00-13:00", 1]]) }],
        [
          "2026-11-28",
          {
            grams: 4000,
            slots: new Map([
              ["delivery|10:00-13:00", 1],
              ["delivery|13:00-17:00", 1],
            ]),
          },
        ],
      ]),
    };
    const sy = shippingOptions({ ...base, country: "SY", grams: 2000, capacity, slots });
    if (!sy.ok) throw new Error("expected methods");
    const [delivery, pickup] = sy.methods;
    expect(delivery!.days).toEqual([
      "2026-11-25",
      "2026-11-26",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
    ]);
    expect(delivery!.fullDays).toEqual(["2026-11-28"]);
    expect(delivery!.slotsByDay!["2026-11-26"]!.map((s) => s.id)).toEqual(["13:00-17:00"]);
    expect(delivery!.fullSlotsByDay!["2026-11-26"]).toEqual(["10:00-13:00"]);
    expect(delivery!.slotsByDay!["2026-11-25"]!.map((s) => [s.id, s.available])).toEqual([
      ["10:00-13:00", 1],
      ["13:00-17:00", 1],
    ]);
    // Pickup has no slots: every day with room, no slots carried.
    expect(pickup!.days).toHaveLength(6);
    expect(pickup!.slotsByDay).toBeUndefined();
    const qa = shippingOptions({ ...base, country: "QA", grams: 2000, capacity, slots });
    expect(qa.ok && qa.methods[0]!.slotsByDay).toBeUndefined();
  });

  it("with capacity: a full day is left out of every method and listed as full", () => {
    const capacity = {
      weekdayCapacity: [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000],
      overrides: new Map(),
      booked: new Map([["2026-11-26", { grams: 9_000 }]]),
    };
    const sy = shippingOptions({ ...base, country: "SY", grams: 2000, capacity });
    expect(sy.ok && sy.methods.every((m) => !m.days!.includes("2026-11-26"))).toBe(true);
    expect(sy.ok && sy.methods[0]!.fullDays).toEqual(["2026-11-26"]);
    const full = new Map([["2026-11-25", { grams: 10_000 }]]);
    const qa = shippingOptions({
      ...base,
      country: "QA",
      grams: 2000,
      capacity: { ...capacity, booked: full },
    });
    expect(qa.ok && [qa.methods[0]!.days, qa.methods[0]!.fullDays]).toEqual([
      ["2026-11-26"],
      ["2026-11-25"],
    ]);
  });

  it("refusals pass through with their reason", () => {
    expect(shippingOptions({ ...base, country: "PT", grams: 1 })).toEqual({
      ok: false,
      reason: "no_shipping",
    });
    expect(shippingOptions({ ...base, country: "DE", grams: 3001 })).toEqual({
      ok: false,
      reason: "weight_limit",
      maxGrams: 3000,
    });
  });

  it("Syria too heavy for a capped domestic zone still offers pickup", () => {
    const capped: ShippingRules = {
      ...seed,
      zones: seed.zones.map((z) => (z.id === 1 ? { ...z, maxGrams: 1000 } : z)),
    };
    const result = shippingOptions({ ...base, rules: capped, country: "SY", grams: 5000 });
    expect(result.ok && result.methods.map((m) => m.id)).toEqual(["pickup:0", "pickup:2"]);
    const noPickup = shippingOptions({
      ...base,
      rules: capped,
      locations: [],
      country: "SY",
      grams: 5000,
    });
    expect(noPickup).toEqual({ ok: false, reason: "weight_limit", maxGrams: 1000 });
  });

  it("cheapestDelivery ignores pickup", () => {
    const result = shippingOptions({ ...base, country: "SY", grams: 10 });
    expect(result.ok && cheapestDelivery(result.methods)?.id).toBe("delivery:1");
  });
});

describe("method ids and tracking links", () => {
  it.each([
    ["delivery:3", { kind: "delivery", zoneId: 3 }],
    ["pickup:0", { kind: "pickup", index: 0 }],
    ["delivery:", null],
    ["ship:1", null],
    ["pickup:-1", null],
  ])("%s", (id, parsed) => {
    expect(parseMethodId(id)).toEqual(parsed);
  });

  it("fills the number in, URL-encoded", () => {
    expect(trackingUrl("https://track.example.com/t/{number}?x=1", "AB 12/3")).toBe(
      "https://track.example.com/t/AB%2012%2F3?x=1",
    );
  });
});
