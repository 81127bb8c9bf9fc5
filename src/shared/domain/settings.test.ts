import { describe, expect, it } from "vitest";
import {
  defaultShopSettings,
  SETTINGS_SECTIONS,
  type ShopSettings,
  settingsInputSchema,
  settingsSectionSchema,
  shopSettingsSchema,
} from "../schemas/settings.ts";
import { DEFAULT_ORDER_MESSAGES } from "./order-messages.ts";
import { settingsAuditFields, settingsFromForm, settingsToForm } from "./settings.ts";

const on = { ...DEFAULT_ORDER_MESSAGES };

const form = () => settingsToForm(defaultShopSettings);

describe("settings mapping", () => {
  it("round-trips the stored settings through the form", () => {
    const { updated_at: _u, ...values } = form();
    expect(settingsFromForm(settingsInputSchema.parse(values))).toEqual(defaultShopSettings);
  });

  it.each([
    [15, 1500],
    [0, 0],
    [12.5, 1250],
    [0.1, 10],
    [19.99, 1999],
  ])("a delivery fee of %s dollars is %s cents", (dollars, cents) => {
    const { updated_at: _u, ...values } = form();
    const parsed = settingsInputSchema.parse({ ...values, delivery_fee: String(dollars) });
    expect(settingsFromForm(parsed).deliveryFeeCents).toBe(cents);
  });

  it("the history names each location field and joins lists", () => {
    const fields = settingsAuditFields(defaultShopSettings);
    expect(fields.phones).toBe("+963 11 000 0000, +963 900 000 000");
    expect(fields["locations.1.title_ar"]).toBe("فرع المطبخ (تجريبي)");
    expect(fields.delivery_fee).toBe(15);
    expect(fields.locations_count).toBe(2);
  });
});

describe("order e-mail switches (issue 25)", () => {
  it("are all on by default and in the form", () => {
    expect(defaultShopSettings.orderMessages).toEqual(on);
    expect(form().order_messages).toEqual(on);
  });

  it.each<[string, unknown, ShopSettings["orderMessages"]]>([
    ["booleans", { ...on, shipped: false }, { ...on, shipped: false }],
    ["a form's checkbox texts", { ...on, paid: "false", canceled: "on" }, { ...on, paid: false }],
    ["left out: the previous switches stay", undefined, { ...on, completed: false }],
  ])("%s", (_name, switches, expected) => {
    const { updated_at: _u, ...values } = form();
    const parsed = settingsInputSchema.parse({ ...values, order_messages: switches });
    const previous = { ...on, completed: false };
    expect(
      settingsFromForm(parsed, { ...defaultShopSettings, orderMessages: previous }).orderMessages,
    ).toEqual(expected);
  });

  it("a stored value without switches reads as all on", () => {
    const { orderMessages: _m, ...older } = defaultShopSettings;
    expect(shopSettingsSchema.parse(older).orderMessages).toEqual(on);
  });

  it("the history names each switch", () => {
    const fields = settingsAuditFields({
      ...defaultShopSettings,
      orderMessages: { ...on, paid: false },
    });
    expect(fields["order_messages.paid"]).toBe(false);
    expect(fields["order_messages.confirmed"]).toBe(true);
    expect(fields).not.toHaveProperty("order_messages");
  });
});

describe("settings validation", () => {
  const { updated_at: _u, ...valid } = settingsToForm(defaultShopSettings);
  it.each<[string, Record<string, unknown>, string]>([
    ["percent above 100", { cart_discount_percent: 101 }, "cart_discount_percent"],
    ["percent not whole", { cart_discount_percent: 2.5 }, "cart_discount_percent"],
    ["negative fee", { delivery_fee: -1 }, "delivery_fee"],
    ["fee with three decimals", { delivery_fee: 1.234 }, "delivery_fee"],
    ["fee as text", { delivery_fee: "abc" }, "delivery_fee"],
    ["no phones", { phones: [] }, "phones"],
    [
      "five phones",
      { phones: ["+1 555 0100", "+1 555 0101", "+1 555 0102", "+1 555 0103", "+1 555 0104"] },
      "phones",
    ],
    ["a bad phone", { phones: ["call me"] }, "phones.0"],
    ["a bad e-mail", { emails: ["x@"] }, "emails.0"],
    ["a plus in the messaging number", { messaging_number: "+963900" }, "messaging_number"],
    ["an http link", { instagram_url: "http://instagram.com/x" }, "instagram_url"],
    ["a script link", { tiktok_url: "javascript:alert(1)" }, "tiktok_url"],
    ["no instructions", { bank_transfer_instructions: "  " }, "bank_transfer_instructions"],
    ["no locations", { locations: [] }, "locations"],
    ["zoom 0", { map_zoom: 0 }, "map_zoom"],
    [
      "an order e-mail switch as a word",
      { order_messages: { ...on, paid: "maybe" } },
      "order_messages.paid",
    ],
    [
      "an order e-mail switch left out",
      { order_messages: { ...on, shipped: undefined } },
      "order_messages.shipped",
    ],
    ["order e-mail switches as a list", { order_messages: [true] }, "order_messages"],
  ])("%s is refused, keyed by the field", (_name, patch, field) => {
    const result = settingsInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("a location without a title or with latitude 91 is refused per field", () => {
    const location = { ...valid.locations[0]!, title: "", lat: 91 };
    const result = settingsInputSchema.safeParse({ ...valid, locations: [location] });
    const paths = result.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["locations.0.title", "locations.0.lat"]));
  });
});

describe("the home hero's headline", () => {
  const title = { en: "Sweets from one Damascus family", ar: "حلويات عائلة دمشقية" };
  it("goes through the form both ways; a form without it keeps the stored one", () => {
    const stored = { ...defaultShopSettings, heroTitle: title };
    const values = settingsToForm(stored);
    expect([values.hero_title, values.hero_title_ar]).toEqual([title.en, title.ar]);
    expect(settingsFromForm(settingsInputSchema.parse(values), stored).heroTitle).toEqual(title);
    const { hero_title: _en, hero_title_ar: _ar, ...older } = values;
    expect(settingsFromForm(settingsInputSchema.parse(older), stored).heroTitle).toEqual(title);
  });

  it("a stored value from before it existed reads as none (SPEC's default title)", () => {
    const { heroTitle: _none, ...before } = defaultShopSettings;
    expect(shopSettingsSchema.parse(before).heroTitle).toEqual({ en: "", ar: "" });
  });
});

describe("settings sections", () => {
  it("put every field of the settings schema in exactly one section", () => {
    const inSections = Object.values(SETTINGS_SECTIONS).flat();
    expect([...inSections].sort()).toEqual(Object.keys(settingsInputSchema.shape).sort());
    expect(new Set(inSections).size).toBe(inSections.length);
  });

  it("check a section's fields by the one schema's rules and nothing else", () => {
    const cart = settingsSectionSchema("cart");
    expect(cart.safeParse({ cart_discount_percent: "10", delivery_fee: "9.5" })).toMatchObject({
      success: true,
      data: { cart_discount_percent: 10, delivery_fee: 9.5 },
    });
    const bad = cart.safeParse({ cart_discount_percent: "101", delivery_fee: "9.5" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["cart_discount_percent"]);
  });
});
