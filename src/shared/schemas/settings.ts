import { z } from "zod";
import { MAX_RATE } from "../domain/currency.ts";
import { listableCurrency } from "../domain/currency-codes.ts";
import { NO_SLOTS, SLOT_MESSAGES, slotsValid } from "../domain/delivery-slots.ts";
import { DEFAULT_GIFT_WRAP_CENTS } from "../domain/gift.ts";
import {
  DEFAULT_LOW_STOCK_GRAMS,
  LOW_STOCK_MESSAGES,
  MAX_LOW_STOCK_KG,
} from "../domain/low-stock.ts";
import { MAIL_OPENING_KINDS, type MailOpeningKind } from "../domain/mail-openings.ts";
import { DEFAULT_WEIGH_TOLERANCE_PERCENT } from "../domain/order-changes.ts";
import { DEFAULT_ORDER_MESSAGES } from "../domain/order-messages.ts";
import { DEFAULT_PENDING_EXPIRY_HOURS } from "../domain/payments.ts";
import { CAPACITY_MESSAGES, MAX_CAPACITY_GRAMS, NO_WEEKDAY_LIMITS } from "../domain/ready-days.ts";
import { SETTINGS_MESSAGES } from "../domain/settings-messages.ts";
import {
  DEFAULT_DELIVERY_CLOSED_WEEKDAYS,
  DEFAULT_DELIVERY_CUTOFF_HOUR,
  SHIPPING_MESSAGES,
} from "../domain/shipping.ts";
import { text } from "./fields.ts";

export { SETTINGS_MESSAGES };

const bilingual = z.object({ en: text().trim().min(1), ar: text().trim().default("") });

export const locationSchema = z.object({
  title: bilingual,
  address: bilingual,
  hours: bilingual,
  email: z.email(),
  mobile: text().trim().min(1),
  landline: text().trim().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Offered as free pickup at checkout. */
  pickup: z.boolean().default(false),
});

const storedSlot = z.object({
  start: z.string(),
  end: z.string(),
  maxOrders: z.number().int().min(0).nullable(),
});

/** What a static page would hard-code is an editable shop setting here. */
export const shopSettingsSchema = z.object({
  /** Phone numbers for the footer: the owner may keep one to four. */
  phones: z.array(text().trim().min(1)).min(1).max(4),
  emails: z.array(z.email()).min(1).max(4),
  /** Messaging-app number in international form, digits only (used in wa.me links). */
  messagingNumber: z.string().regex(/^\d{6,15}$/),
  social: z.object({ instagram: z.url(), facebook: z.url(), tiktok: z.url() }),
  locations: z.array(locationSchema).min(1).max(10),
  mapCentre: z.object({ lat: z.number(), lng: z.number(), zoom: z.number().int().min(1).max(19) }),
  /** Standing cart discount in percent and delivery fee in cents (defaults 20% and 15.00). */
  cartDiscountPercent: z.number().int().min(0).max(100),
  deliveryFeeCents: z.number().int().min(0),
  bankTransferInstructions: bilingual,
  /** Domestic delivery days: closed weekdays (0 = Sunday) and the daily cut-off. */
  deliveryClosedWeekdays: z
    .array(z.number().int().min(0).max(6))
    .max(7)
    .default([...DEFAULT_DELIVERY_CLOSED_WEEKDAYS]),
  deliveryCutoffHour: z.number().int().min(0).max(23).default(DEFAULT_DELIVERY_CUTOFF_HOUR),
  /**
   * What the kitchen makes per weekday in grams, Sunday first; null = no limit. The default
   * is no limit on any day, so a shop that never set it takes orders as before.
   */
  capacityGramsByWeekday: z
    .array(z.number().int().min(0).max(MAX_CAPACITY_GRAMS).nullable())
    .length(7)
    .default([...NO_WEEKDAY_LIMITS]),
  /**
   * Time slots of domestic delivery and of pickup ("10:00"-"13:00", at most `maxOrders`
   * orders, null = no limit); an empty list = that kind has no slots (the default).
   */
  deliverySlots: z
    .object({ delivery: z.array(storedSlot).default([]), pickup: z.array(storedSlot).default([]) })
    .default({ delivery: [], pickup: [] }),
  /** A pending order older than this is cancelled by the system; 0 = never. */
  pendingExpiryHours: z.number().int().min(0).max(720).default(DEFAULT_PENDING_EXPIRY_HOURS),
  /**
   * Display currencies besides US dollars (the currency of record, always offered),
   * with units per dollar and the symbol shown. None by default: rates are the owner's to
   * give. Lenient on codes (a code the table later drops is skipped when shown, never a reason
   * to throw the whole settings away).
   */
  currencies: z
    .array(z.object({ code: z.string(), rate: z.number().positive(), symbol: z.string() }))
    .max(20)
    .default([]),
  /** Which order e-mails the customer gets (confirmed, shipped, ...); all on. */
  orderMessages: z
    .object({
      confirmed: z.boolean().default(true),
      shipped: z.boolean().default(true),
      completed: z.boolean().default(true),
      canceled: z.boolean().default(true),
      paid: z.boolean().default(true),
    })
    .default({ ...DEFAULT_ORDER_MESSAGES }),
  /** The low-stock threshold of a product without its own, in grams (2 kg). */
  lowStockGrams: z
    .number()
    .int()
    .min(0)
    .max(MAX_LOW_STOCK_KG * 1000)
    .default(DEFAULT_LOW_STOCK_GRAMS),
  /** The price of gift wrapping in cents; 0 = free, null = not offered. */
  giftWrapCents: z.number().int().min(0).max(100_000).nullable().default(DEFAULT_GIFT_WRAP_CENTS),
  /**
   * Weighed lines: within this many percent of the ordered grams a line is charged as ordered;
   * outside it, at its weighed grams (more only when `chargeOverWeight`).
   */
  weighTolerancePercent: z.number().int().min(0).max(50).default(DEFAULT_WEIGH_TOLERANCE_PERCENT),
  /** Whether a line weighed heavier than the tolerance is charged more (off: as ordered). */
  chargeOverWeight: z.boolean().default(false),
  /**
   * One reminder e-mail to a shopper who gave an address at checkout, ticked the consent box and
   * placed no order within `abandonedCheckoutHours`. Off until the owner turns it on.
   */
  abandonedCheckoutReminders: z.boolean().default(false),
  abandonedCheckoutHours: z.number().int().min(1).max(168).default(3),
  /**
   * The home hero's headline the owner writes, in both languages; empty = the default
   * title ("Home"), Arabic empty = the English one.
   */
  heroTitle: z
    .object({ en: z.string().default(""), ar: z.string().default("") })
    .default({ en: "", ar: "" }),
  /**
   * Who issues the invoices: the legal name and address in both languages and the tax number.
   * Empty = the brand's name and no address or number printed.
   */
  seller: z
    .object({
      legalName: z
        .object({ en: z.string().default(""), ar: z.string().default("") })
        .default({ en: "", ar: "" }),
      address: z
        .object({ en: z.string().default(""), ar: z.string().default("") })
        .default({ en: "", ar: "" }),
      taxNumber: z.string().default(""),
    })
    .default({ legalName: { en: "", ar: "" }, address: { en: "", ar: "" }, taxNumber: "" }),
  /** The tax rate included in prices, in percent; null = none (invoices show no tax line). */
  taxRatePercent: z.number().min(0).max(100).nullable().default(null),
  /**
   * A trader is e-mailed once on the day an invoice on terms falls due and once a week after
   * (the owner's reminder stays at hand either way); on unless the owner turns it off.
   */
  invoiceDueReminders: z.boolean().default(true),
  /**
   * Days after delivery before a buyer is asked by e-mail to review what they received; null
   * = never (the default: the owner turns it on).
   */
  reviewRequestDays: z.number().int().min(1).max(60).nullable().default(null),
  /** The owner's opening sentence of each e-mail, in both languages; empty = the default. */
  mailOpenings: z
    .partialRecord(
      z.enum(MAIL_OPENING_KINDS),
      z.object({ en: z.string().default(""), ar: z.string().default("") }),
    )
    .default({}),
});
export type ShopSettings = z.output<typeof shopSettingsSchema>;
export type ShopLocation = z.infer<typeof locationSchema>;

/** Clearly fake demo values: nothing here pretends to be a real number or address. */
const WEIGH_TOLERANCE_MESSAGE = "The weighing tolerance must be a whole percent from 0 to 50.";

export const defaultShopSettings: ShopSettings = {
  phones: ["+963 11 000 0000", "+963 900 000 000"],
  emails: ["info@example.com", "orders@example.com"],
  messagingNumber: "963900000000",
  social: {
    instagram: "https://www.instagram.com/example",
    facebook: "https://www.facebook.com/example",
    tiktok: "https://www.tiktok.com/@example",
  },
  locations: [
    {
      title: { en: "Main shop (demo)", ar: "المحل الرئيسي (تجريبي)" },
      address: { en: "Example Street 1, Damascus", ar: "شارع المثال 1، دمشق" },
      hours: { en: "Daily 9:00 – 23:00", ar: "يومياً 9:00 – 23:00" },
      email: "info@example.com",
      mobile: "+963 900 000 000",
      landline: "+963 11 000 0000",
      lat: 33.5138,
      lng: 36.2765,
      pickup: false,
    },
    {
      title: { en: "Kitchen branch (demo)", ar: "فرع المطبخ (تجريبي)" },
      address: { en: "Sample Square 2, Damascus", ar: "ساحة النموذج 2، دمشق" },
      hours: { en: "Daily 9:00 – 22:00", ar: "يومياً 9:00 – 22:00" },
      email: "kitchen@example.com",
      mobile: "+963 900 000 001",
      landline: "+963 11 000 0001",
      lat: 33.5,
      lng: 36.3,
      pickup: false,
    },
  ],
  mapCentre: { lat: 33.5, lng: 36.3, zoom: 12 },
  cartDiscountPercent: 20,
  deliveryFeeCents: 1500,
  bankTransferInstructions: {
    en: "Transfer the total to Example Bank, account 0000-0000-0000 (demo), quoting your order number.",
    ar: "حوّل المبلغ الإجمالي إلى بنك المثال، الحساب 0000-0000-0000 (تجريبي)، مع ذكر رقم طلبك.",
  },
  deliveryClosedWeekdays: [...DEFAULT_DELIVERY_CLOSED_WEEKDAYS],
  deliveryCutoffHour: DEFAULT_DELIVERY_CUTOFF_HOUR,
  capacityGramsByWeekday: [...NO_WEEKDAY_LIMITS],
  deliverySlots: { delivery: [...NO_SLOTS.delivery], pickup: [...NO_SLOTS.pickup] },
  pendingExpiryHours: DEFAULT_PENDING_EXPIRY_HOURS,
  currencies: [],
  orderMessages: { ...DEFAULT_ORDER_MESSAGES },
  lowStockGrams: DEFAULT_LOW_STOCK_GRAMS,
  giftWrapCents: DEFAULT_GIFT_WRAP_CENTS,
  weighTolerancePercent: DEFAULT_WEIGH_TOLERANCE_PERCENT,
  chargeOverWeight: false,
  abandonedCheckoutReminders: false,
  abandonedCheckoutHours: 3,
  mailOpenings: {},
  heroTitle: { en: "", ar: "" },
  seller: { legalName: { en: "", ar: "" }, address: { en: "", ar: "" }, taxNumber: "" },
  taxRatePercent: null,
  invoiceDueReminders: true,
  reviewRequestDays: null,
};

// ---------------------------------------------------------------------------------------
// The settings screen's API (`GET/PUT /api/admin/settings`): snake_case, money in
// dollars, bilingual texts as `x` + `x_ar` like the catalogue's forms. The stored
// `ShopSettings` above stays the storefront's shape; `shared/domain/settings.ts` maps between.

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");
/** A number from an input or JSON: blank = undefined, "abc" = NaN (refused by z.number). */
const toNumber = (v: unknown) =>
  isBlank(v) ? undefined : typeof v === "string" ? Number(v.trim().replace(",", ".")) : v;

const required = (max: number) =>
  text({ message: SETTINGS_MESSAGES.REQUIRED })
    .trim()
    .min(1, SETTINGS_MESSAGES.REQUIRED)
    .max(max, SETTINGS_MESSAGES.TOO_LONG);
const optional = (max: number) =>
  text({ message: SETTINGS_MESSAGES.TOO_LONG }).trim().max(max, SETTINGS_MESSAGES.TOO_LONG);
const phone = text({ message: SETTINGS_MESSAGES.PHONE })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{4,22}$/, SETTINGS_MESSAGES.PHONE);
const email = text({ message: SETTINGS_MESSAGES.EMAIL })
  .trim()
  .max(254, SETTINGS_MESSAGES.EMAIL)
  .pipe(z.email(SETTINGS_MESSAGES.EMAIL));
/** One opening sentence per e-mail and language (300 characters: a sentence, not a letter). */
const mailOpeningFields = z.object(
  Object.fromEntries(
    MAIL_OPENING_KINDS.map((kind) => [
      kind,
      z.object({ en: optional(300).default(""), ar: optional(300).default("") }).optional(),
    ]),
  ) as Record<
    MailOpeningKind,
    z.ZodOptional<
      z.ZodObject<{
        en: z.ZodDefault<ReturnType<typeof optional>>;
        ar: z.ZodDefault<ReturnType<typeof optional>>;
      }>
    >
  >,
);
const httpsUrl = text({ message: SETTINGS_MESSAGES.URL })
  .trim()
  .max(500, SETTINGS_MESSAGES.URL)
  .regex(/^https:\/\/[^\s/]+\.[^\s]+$/i, SETTINGS_MESSAGES.URL);
const number = (message: string, min: number, max: number) =>
  z.preprocess(toNumber, z.number({ message }).min(min, message).max(max, message));

export const settingsLocationInputSchema = z.object({
  title: required(120),
  title_ar: optional(120),
  address: required(300),
  address_ar: optional(300),
  hours: required(200),
  hours_ar: optional(200),
  email,
  mobile: phone,
  landline: phone,
  lat: number(SETTINGS_MESSAGES.LAT, -90, 90),
  lng: number(SETTINGS_MESSAGES.LNG, -180, 180),
  /** Offered as free pickup at checkout; a form's checkbox may send "on"/"true". */
  pickup: z
    .preprocess(
      (v) =>
        v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" ? false : v,
      z.boolean({ message: SETTINGS_MESSAGES.PICKUP }),
    )
    .default(false),
});

const weekdayList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v.trim() === ""
        ? []
        : v.split(",").map((s) => toNumber(s))
      : Array.isArray(v)
        ? v.map(toNumber)
        : v,
  z
    .array(
      z
        .number({ message: SHIPPING_MESSAGES.WEEKDAYS })
        .int(SHIPPING_MESSAGES.WEEKDAYS)
        .min(0, SHIPPING_MESSAGES.WEEKDAYS)
        .max(6, SHIPPING_MESSAGES.WEEKDAYS),
      { message: SHIPPING_MESSAGES.WEEKDAYS },
    )
    .max(7, SHIPPING_MESSAGES.WEEKDAYS)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

/** One listed display currency: a known code, units per dollar, a short symbol. */
export const currencyInputSchema = z.object({
  code: text({ message: SETTINGS_MESSAGES.CURRENCY_CODE })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => code !== "USD", SETTINGS_MESSAGES.CURRENCY_USD)
    .refine((code) => code === "USD" || listableCurrency(code), SETTINGS_MESSAGES.CURRENCY_CODE),
  rate: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.CURRENCY_RATE })
      .gt(0, SETTINGS_MESSAGES.CURRENCY_RATE)
      .max(MAX_RATE, SETTINGS_MESSAGES.CURRENCY_RATE)
      .refine(
        (v) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-3,
        SETTINGS_MESSAGES.CURRENCY_RATE,
      ),
  ),
  /** Blank: the table's symbol for the code. */
  symbol: text({ message: SETTINGS_MESSAGES.CURRENCY_SYMBOL })
    .trim()
    .max(5, SETTINGS_MESSAGES.CURRENCY_SYMBOL)
    .regex(/^[^\d\s]*$/u, SETTINGS_MESSAGES.CURRENCY_SYMBOL)
    .default(""),
});

const currencyList = z
  .array(currencyInputSchema, { message: SETTINGS_MESSAGES.CURRENCIES_COUNT })
  .max(20, SETTINGS_MESSAGES.CURRENCIES_COUNT)
  .superRefine((list, ctx) => {
    list.forEach((entry, i) => {
      if (list.findIndex((other) => other.code === entry.code) !== i)
        ctx.addIssue({
          code: "custom",
          path: [i, "code"],
          message: SETTINGS_MESSAGES.CURRENCY_DUPLICATE,
        });
    });
  });

/** One switch per order e-mail; a form's checkbox may send "on"/"true". */
const onOff = z.preprocess(
  (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" ? false : v),
  z.boolean({ message: SETTINGS_MESSAGES.ON_OFF }),
);
const orderMessageSwitches = z.object(
  {
    confirmed: onOff,
    shipped: onOff,
    completed: onOff,
    canceled: onOff,
    paid: onOff,
  },
  { message: SETTINGS_MESSAGES.ON_OFF },
);

/** "10:00": a slot's start or end as the form sends it. */
const slotTime = text({ message: SLOT_MESSAGES.SLOTS }).trim();
/** A slot's form row: start, end and the maximum of orders (blank = no limit). */
const slotInput = z.object(
  {
    start: slotTime,
    end: slotTime,
    max_orders: z.preprocess(
      (v) => (v === null || isBlank(v) ? null : toNumber(v)),
      z.number({ message: SLOT_MESSAGES.SLOTS }).nullable(),
    ),
  },
  { message: SLOT_MESSAGES.SLOTS },
);
const slotList = z
  .array(slotInput, { message: SLOT_MESSAGES.SLOTS })
  .refine(
    (slots) =>
      slotsValid(slots.map((s) => ({ start: s.start, end: s.end, maxOrders: s.max_orders }))),
    SLOT_MESSAGES.SLOTS,
  );
const slotOutput = z.object({
  start: z.string(),
  end: z.string(),
  max_orders: z.number().int().nullable(),
});

export const settingsInputSchema = z.object({
  cart_discount_percent: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.PERCENT })
      .int(SETTINGS_MESSAGES.PERCENT)
      .min(0, SETTINGS_MESSAGES.PERCENT)
      .max(100, SETTINGS_MESSAGES.PERCENT),
  ),
  /**
   * Dollars, two decimals at most. The domestic shipping zone's rate is the
   * delivery fee; this field is optional and, when given, sets that zone's first rate.
   */
  delivery_fee: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.FEE })
      .min(0, SETTINGS_MESSAGES.FEE)
      .max(10_000, SETTINGS_MESSAGES.FEE)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SETTINGS_MESSAGES.FEE)
      .optional(),
  ),
  phones: z
    .array(phone, { message: SETTINGS_MESSAGES.PHONES_COUNT })
    .min(1, SETTINGS_MESSAGES.PHONES_COUNT)
    .max(4, SETTINGS_MESSAGES.PHONES_COUNT),
  emails: z
    .array(email, { message: SETTINGS_MESSAGES.EMAILS_COUNT })
    .min(1, SETTINGS_MESSAGES.EMAILS_COUNT)
    .max(4, SETTINGS_MESSAGES.EMAILS_COUNT),
  messaging_number: text({ message: SETTINGS_MESSAGES.MESSAGING })
    .trim()
    .regex(/^\d{6,15}$/, SETTINGS_MESSAGES.MESSAGING),
  instagram_url: httpsUrl,
  facebook_url: httpsUrl,
  tiktok_url: httpsUrl,
  bank_transfer_instructions: required(2000),
  bank_transfer_instructions_ar: optional(2000),
  /** Left out, the stored headline stays (a form from before it existed). */
  hero_title: optional(120).optional(),
  hero_title_ar: optional(120).optional(),
  locations: z
    .array(settingsLocationInputSchema, { message: SETTINGS_MESSAGES.LOCATIONS_COUNT })
    .min(1, SETTINGS_MESSAGES.LOCATIONS_COUNT)
    .max(10, SETTINGS_MESSAGES.LOCATIONS_COUNT),
  map_lat: number(SETTINGS_MESSAGES.LAT, -90, 90),
  map_lng: number(SETTINGS_MESSAGES.LNG, -180, 180),
  map_zoom: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.ZOOM })
      .int(SETTINGS_MESSAGES.ZOOM)
      .min(1, SETTINGS_MESSAGES.ZOOM)
      .max(19, SETTINGS_MESSAGES.ZOOM),
  ),
  /** 0 = Sunday ... 6 = Saturday; no delivery on these days (default Friday). */
  delivery_closed_weekdays: weekdayList.default([...DEFAULT_DELIVERY_CLOSED_WEEKDAYS]),
  /** Orders placed at or after this hour (Asia/Damascus) are delivered from tomorrow. */
  delivery_cutoff_hour: z
    .preprocess(
      toNumber,
      z
        .number({ message: SHIPPING_MESSAGES.CUTOFF_HOUR })
        .int(SHIPPING_MESSAGES.CUTOFF_HOUR)
        .min(0, SHIPPING_MESSAGES.CUTOFF_HOUR)
        .max(23, SHIPPING_MESSAGES.CUTOFF_HOUR),
    )
    .default(DEFAULT_DELIVERY_CUTOFF_HOUR),
  /** Grams per weekday, Sunday first, null = no limit; left out (an older client), kept. */
  capacity_grams_by_weekday: z
    .array(
      z.preprocess(
        (v) => (v === null || isBlank(v) ? null : toNumber(v)),
        z
          .number({ message: CAPACITY_MESSAGES.WEEKDAY_CAPACITY })
          .int(CAPACITY_MESSAGES.WEEKDAY_CAPACITY)
          .min(0, CAPACITY_MESSAGES.WEEKDAY_CAPACITY)
          .max(MAX_CAPACITY_GRAMS, CAPACITY_MESSAGES.WEEKDAY_CAPACITY)
          .nullable(),
      ),
      { message: CAPACITY_MESSAGES.WEEKDAY_CAPACITY },
    )
    .length(7, CAPACITY_MESSAGES.WEEKDAY_CAPACITY)
    .optional(),
  /** Domestic delivery's and pickup's time slots; left out (an older client), kept. */
  delivery_slots: slotList.optional(),
  pickup_slots: slotList.optional(),
  /** Hours a pending order keeps its stock before the system cancels it; 0 = never. */
  pending_expiry_hours: z
    .preprocess(
      toNumber,
      z
        .number({ message: SETTINGS_MESSAGES.PENDING_EXPIRY })
        .int(SETTINGS_MESSAGES.PENDING_EXPIRY)
        .min(0, SETTINGS_MESSAGES.PENDING_EXPIRY)
        .max(720, SETTINGS_MESSAGES.PENDING_EXPIRY),
    )
    .default(DEFAULT_PENDING_EXPIRY_HOURS),
  /** Display currencies besides US dollars; left out (an older client), the list is kept. */
  currencies: currencyList.optional(),
  /** Which order e-mails go out; left out (an older client), the switches are kept. */
  order_messages: orderMessageSwitches.optional(),
  /**
   * The shop's low-stock threshold in kg (a product may have its own); left out (an
   * older client), it is kept.
   */
  low_stock_kg: z.preprocess(
    toNumber,
    z
      .number({ message: LOW_STOCK_MESSAGES.DEFAULT_THRESHOLD })
      .min(0, LOW_STOCK_MESSAGES.DEFAULT_THRESHOLD)
      .max(MAX_LOW_STOCK_KG, LOW_STOCK_MESSAGES.DEFAULT_THRESHOLD)
      .optional(),
  ),
  /** Gift wrapping offered or not, and its price in dollars (0 = free). */
  gift_wrap_offered: z
    .preprocess((v) => (v === "on" || v === "true" ? true : v === "false" ? false : v), z.boolean())
    .optional(),
  gift_wrap_price: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.GIFT_WRAP })
      .min(0, SETTINGS_MESSAGES.GIFT_WRAP)
      .max(1000, SETTINGS_MESSAGES.GIFT_WRAP)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SETTINGS_MESSAGES.GIFT_WRAP)
      .optional(),
  ),
  /** The invoices' seller; each left out (an older client), kept. */
  seller_legal_name: optional(200).optional(),
  seller_legal_name_ar: optional(200).optional(),
  seller_address: optional(400).optional(),
  seller_address_ar: optional(400).optional(),
  seller_tax_number: optional(60).optional(),
  /** Percent included in prices; blank or null = no tax; left out, kept. */
  tax_rate_percent: z
    .preprocess(
      (v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : toNumber(v)),
      z
        .number({ message: SETTINGS_MESSAGES.TAX_RATE })
        .min(0, SETTINGS_MESSAGES.TAX_RATE)
        .max(100, SETTINGS_MESSAGES.TAX_RATE)
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SETTINGS_MESSAGES.TAX_RATE)
        .nullable(),
    )
    .optional(),
  /** The automatic due-day reminders to traders; left out, kept. */
  invoice_due_reminders: z
    .preprocess((v) => (v === "on" || v === "true" ? true : v === "false" ? false : v), z.boolean())
    .optional(),
  /** Weighed lines: the tolerance in whole percent (0-50) and whether heavier costs more. */
  weigh_tolerance_percent: z.preprocess(
    toNumber,
    z
      .number({ message: WEIGH_TOLERANCE_MESSAGE })
      .int(WEIGH_TOLERANCE_MESSAGE)
      .min(0, WEIGH_TOLERANCE_MESSAGE)
      .max(50, WEIGH_TOLERANCE_MESSAGE)
      .optional(),
  ),
  charge_over_weight: z
    .preprocess((v) => (v === "on" || v === "true" ? true : v === "false" ? false : v), z.boolean())
    .optional(),
  abandoned_checkout_reminders: z
    .preprocess((v) => (v === "on" || v === "true" ? true : v === "false" ? false : v), z.boolean())
    .optional(),
  abandoned_checkout_hours: z.preprocess(
    toNumber,
    z
      .number({ message: SETTINGS_MESSAGES.ABANDONED_HOURS })
      .int(SETTINGS_MESSAGES.ABANDONED_HOURS)
      .min(1, SETTINGS_MESSAGES.ABANDONED_HOURS)
      .max(168, SETTINGS_MESSAGES.ABANDONED_HOURS)
      .optional(),
  ),
  /** Days after delivery before the review request; blank or null = never; left out, kept. */
  review_request_days: z
    .preprocess(
      (v) => (v === null || isBlank(v) ? null : toNumber(v)),
      z
        .number({ message: SETTINGS_MESSAGES.REVIEW_REQUEST_DAYS })
        .int(SETTINGS_MESSAGES.REVIEW_REQUEST_DAYS)
        .min(1, SETTINGS_MESSAGES.REVIEW_REQUEST_DAYS)
        .max(60, SETTINGS_MESSAGES.REVIEW_REQUEST_DAYS)
        .nullable(),
    )
    .optional(),
  /** Each e-mail's opening sentence; left out (an older client), the sentences are kept. */
  mail_openings: mailOpeningFields.optional(),
});

/**
 * The settings screen's sections, each saved on its own with its part of the one schema: a
 * section sends its fields over what is stored, so a save never carries another section's
 * unsaved edits. Every field of the schema is in exactly one section (settings.test.ts).
 */
export const SETTINGS_SECTIONS = {
  cart: ["cart_discount_percent", "delivery_fee"],
  contact: ["phones", "emails", "messaging_number", "instagram_url", "facebook_url", "tiktok_url"],
  home: ["hero_title", "hero_title_ar"],
  bank: ["bank_transfer_instructions", "bank_transfer_instructions_ar"],
  locations: ["locations"],
  delivery: [
    "delivery_closed_weekdays",
    "delivery_cutoff_hour",
    "capacity_grams_by_weekday",
    "delivery_slots",
    "pickup_slots",
  ],
  orders: [
    "pending_expiry_hours",
    "low_stock_kg",
    "gift_wrap_offered",
    "gift_wrap_price",
    "weigh_tolerance_percent",
    "charge_over_weight",
    "abandoned_checkout_reminders",
    "abandoned_checkout_hours",
  ],
  orderMessages: ["order_messages", "review_request_days"],
  mailOpenings: ["mail_openings"],
  currencies: ["currencies"],
  map: ["map_lat", "map_lng", "map_zoom"],
  invoices: [
    "seller_legal_name",
    "seller_legal_name_ar",
    "seller_address",
    "seller_address_ar",
    "seller_tax_number",
    "tax_rate_percent",
    "invoice_due_reminders",
  ],
} as const satisfies Record<string, ReadonlyArray<keyof typeof settingsInputSchema.shape>>;
export type SettingsSectionId = keyof typeof SETTINGS_SECTIONS;

/** One section's part of the settings schema: its fields, checked by the same rules. */
export function settingsSectionSchema(id: SettingsSectionId) {
  const keys = Object.fromEntries(SETTINGS_SECTIONS[id].map((key) => [key, true]));
  return settingsInputSchema.pick(keys as { [K in keyof typeof settingsInputSchema.shape]?: true });
}

export type SettingsInput = z.input<typeof settingsInputSchema>;
export type SettingsValues = z.output<typeof settingsInputSchema>;
export type SettingsLocationValues = z.output<typeof settingsLocationInputSchema>;

/** What `GET /api/admin/settings` answers: the form's values plus when they last changed. */
export const adminSettingsSchema = settingsInputSchema.extend({
  cart_discount_percent: z.number(),
  delivery_fee: z.number(),
  locations: z.array(
    settingsLocationInputSchema.extend({ lat: z.number(), lng: z.number(), pickup: z.boolean() }),
  ),
  delivery_closed_weekdays: z.array(z.number().int()),
  delivery_cutoff_hour: z.number().int(),
  capacity_grams_by_weekday: z.array(z.number().int().nullable()),
  delivery_slots: z.array(slotOutput),
  pickup_slots: z.array(slotOutput),
  pending_expiry_hours: z.number().int(),
  currencies: z.array(z.object({ code: z.string(), rate: z.number(), symbol: z.string() })),
  order_messages: z.object({
    confirmed: z.boolean(),
    shipped: z.boolean(),
    completed: z.boolean(),
    canceled: z.boolean(),
    paid: z.boolean(),
  }),
  review_request_days: z.number().int().nullable(),
  low_stock_kg: z.number(),
  gift_wrap_offered: z.boolean(),
  gift_wrap_price: z.number(),
  seller_legal_name: z.string(),
  seller_legal_name_ar: z.string(),
  seller_address: z.string(),
  seller_address_ar: z.string(),
  seller_tax_number: z.string(),
  tax_rate_percent: z.number().nullable(),
  invoice_due_reminders: z.boolean(),
  weigh_tolerance_percent: z.number().int(),
  charge_over_weight: z.boolean(),
  abandoned_checkout_reminders: z.boolean(),
  abandoned_checkout_hours: z.number().int(),
  mail_openings: z.object(
    Object.fromEntries(
      MAIL_OPENING_KINDS.map((kind) => [kind, z.object({ en: z.string(), ar: z.string() })]),
    ) as Record<MailOpeningKind, z.ZodObject<{ en: z.ZodString; ar: z.ZodString }>>,
  ),
  map_lat: z.number(),
  map_lng: z.number(),
  map_zoom: z.number(),
  updated_at: z.string().nullable(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
