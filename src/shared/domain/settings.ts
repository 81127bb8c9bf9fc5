import type {
  AdminSettings,
  SettingsValues,
  ShopLocation,
  ShopSettings,
} from "../schemas/settings.ts";
import { knownCurrency } from "./currency-codes.ts";
import { type DeliverySlot, NO_SLOTS, sortedSlots } from "./delivery-slots.ts";
import { DEFAULT_GIFT_WRAP_CENTS } from "./gift.ts";
import { DEFAULT_LOW_STOCK_GRAMS, gramsToKg, kgToGrams } from "./low-stock.ts";
import { MAIL_OPENING_KINDS, type MailOpeningKind } from "./mail-openings.ts";
import { centsToDollars, toCents } from "./money.ts";
import { DEFAULT_WEIGH_TOLERANCE_PERCENT } from "./order-changes.ts";
import { DEFAULT_ORDER_MESSAGES } from "./order-messages.ts";
import { NO_WEEKDAY_LIMITS } from "./ready-days.ts";

const slotToForm = (slot: DeliverySlot) => ({
  start: slot.start,
  end: slot.end,
  max_orders: slot.maxOrders,
});
const slotFromForm = (slot: {
  start: string;
  end: string;
  max_orders: number | null;
}): DeliverySlot => ({ start: slot.start, end: slot.end, maxOrders: slot.max_orders });
/** "10:00-13:00 (max 20), 13:00-17:00 (no limit)": a list's change reads as one line. */
const slotsAudit = (
  slots: ReadonlyArray<{ start: string; end: string; max_orders: number | null }>,
) =>
  slots
    .map(
      (s) => `${s.start}-${s.end} (${s.max_orders === null ? "no limit" : `max ${s.max_orders}`})`,
    )
    .join(", ");

const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// The settings form's messages, in their own file: the schema reads them, and this file reads
// the schema's types.
export { SETTINGS_MESSAGES } from "./settings-messages.ts";

/**
 * The stored shop settings as the settings screen edits them (snake_case, dollars, `x` +
 * `x_ar`), and back. Pure, so the route, the form and the audit log agree on one mapping.
 */
export function settingsToForm(s: ShopSettings, updatedAt: Date | null = null): AdminSettings {
  return {
    cart_discount_percent: s.cartDiscountPercent,
    delivery_fee: centsToDollars(s.deliveryFeeCents),
    phones: [...s.phones],
    emails: [...s.emails],
    messaging_number: s.messagingNumber,
    instagram_url: s.social.instagram,
    facebook_url: s.social.facebook,
    tiktok_url: s.social.tiktok,
    bank_transfer_instructions: s.bankTransferInstructions.en,
    bank_transfer_instructions_ar: s.bankTransferInstructions.ar,
    hero_title: s.heroTitle.en,
    hero_title_ar: s.heroTitle.ar,
    locations: s.locations.map((l) => ({
      title: l.title.en,
      title_ar: l.title.ar,
      address: l.address.en,
      address_ar: l.address.ar,
      hours: l.hours.en,
      hours_ar: l.hours.ar,
      email: l.email,
      mobile: l.mobile,
      landline: l.landline,
      lat: l.lat,
      lng: l.lng,
      pickup: l.pickup,
    })),
    map_lat: s.mapCentre.lat,
    map_lng: s.mapCentre.lng,
    map_zoom: s.mapCentre.zoom,
    delivery_closed_weekdays: [...s.deliveryClosedWeekdays],
    delivery_cutoff_hour: s.deliveryCutoffHour,
    capacity_grams_by_weekday: [...s.capacityGramsByWeekday],
    delivery_slots: s.deliverySlots.delivery.map(slotToForm),
    pickup_slots: s.deliverySlots.pickup.map(slotToForm),
    pending_expiry_hours: s.pendingExpiryHours,
    currencies: s.currencies.map((c) => ({ code: c.code, rate: c.rate, symbol: c.symbol })),
    order_messages: { ...s.orderMessages },
    low_stock_kg: gramsToKg(s.lowStockGrams),
    gift_wrap_offered: s.giftWrapCents !== null,
    gift_wrap_price: centsToDollars(s.giftWrapCents ?? 0),
    seller_legal_name: s.seller.legalName.en,
    seller_legal_name_ar: s.seller.legalName.ar,
    seller_address: s.seller.address.en,
    seller_address_ar: s.seller.address.ar,
    seller_tax_number: s.seller.taxNumber,
    tax_rate_percent: s.taxRatePercent,
    invoice_due_reminders: s.invoiceDueReminders,
    weigh_tolerance_percent: s.weighTolerancePercent,
    charge_over_weight: s.chargeOverWeight,
    abandoned_checkout_reminders: s.abandonedCheckoutReminders,
    abandoned_checkout_hours: s.abandonedCheckoutHours,
    review_request_days: s.reviewRequestDays,
    mail_openings: Object.fromEntries(
      MAIL_OPENING_KINDS.map((kind) => [
        kind,
        { en: s.mailOpenings[kind]?.en ?? "", ar: s.mailOpenings[kind]?.ar ?? "" },
      ]),
    ) as Record<MailOpeningKind, { en: string; ar: string }>,
    updated_at: updatedAt ? updatedAt.toISOString() : null,
  };
}

/**
 * `previous`: the stored settings, whose values stay where the form leaves a field out: the
 * delivery fee (set through the shipping zones now), the currencies, the order e-mail
 * switches, the low-stock threshold and gift wrapping.
 */
export function settingsFromForm(
  v: SettingsValues,
  previous: Pick<
    ShopSettings,
    | "deliveryFeeCents"
    | "currencies"
    | "orderMessages"
    | "lowStockGrams"
    | "giftWrapCents"
    | "capacityGramsByWeekday"
    | "deliverySlots"
    | "heroTitle"
    | "seller"
    | "taxRatePercent"
    | "invoiceDueReminders"
    | "weighTolerancePercent"
    | "chargeOverWeight"
    | "abandonedCheckoutReminders"
    | "abandonedCheckoutHours"
    | "reviewRequestDays"
    | "mailOpenings"
  > = {
    capacityGramsByWeekday: [...NO_WEEKDAY_LIMITS],
    deliverySlots: NO_SLOTS,
    deliveryFeeCents: 1500,
    currencies: [],
    orderMessages: DEFAULT_ORDER_MESSAGES,
    lowStockGrams: DEFAULT_LOW_STOCK_GRAMS,
    giftWrapCents: DEFAULT_GIFT_WRAP_CENTS,
    heroTitle: { en: "", ar: "" },
    seller: { legalName: { en: "", ar: "" }, address: { en: "", ar: "" }, taxNumber: "" },
    taxRatePercent: null,
    invoiceDueReminders: true,
    weighTolerancePercent: DEFAULT_WEIGH_TOLERANCE_PERCENT,
    chargeOverWeight: false,
    abandonedCheckoutReminders: false,
    abandonedCheckoutHours: 3,
    reviewRequestDays: null,
    mailOpenings: {},
  },
): ShopSettings {
  return {
    cartDiscountPercent: v.cart_discount_percent,
    deliveryFeeCents:
      v.delivery_fee === undefined ? previous.deliveryFeeCents : toCents(v.delivery_fee),
    phones: [...v.phones],
    emails: [...v.emails],
    messagingNumber: v.messaging_number,
    social: { instagram: v.instagram_url, facebook: v.facebook_url, tiktok: v.tiktok_url },
    bankTransferInstructions: {
      en: v.bank_transfer_instructions,
      ar: v.bank_transfer_instructions_ar,
    },
    heroTitle: {
      en: v.hero_title ?? previous.heroTitle.en,
      ar: v.hero_title_ar ?? previous.heroTitle.ar,
    },
    locations: v.locations.map(
      (l): ShopLocation => ({
        title: { en: l.title, ar: l.title_ar },
        address: { en: l.address, ar: l.address_ar },
        hours: { en: l.hours, ar: l.hours_ar },
        email: l.email,
        mobile: l.mobile,
        landline: l.landline,
        lat: l.lat,
        lng: l.lng,
        pickup: l.pickup,
      }),
    ),
    mapCentre: { lat: v.map_lat, lng: v.map_lng, zoom: v.map_zoom },
    deliveryClosedWeekdays: [...v.delivery_closed_weekdays],
    deliveryCutoffHour: v.delivery_cutoff_hour,
    capacityGramsByWeekday: [...(v.capacity_grams_by_weekday ?? previous.capacityGramsByWeekday)],
    deliverySlots: {
      delivery: v.delivery_slots
        ? sortedSlots(v.delivery_slots.map(slotFromForm))
        : previous.deliverySlots.delivery.map((slot) => ({ ...slot })),
      pickup: v.pickup_slots
        ? sortedSlots(v.pickup_slots.map(slotFromForm))
        : previous.deliverySlots.pickup.map((slot) => ({ ...slot })),
    },
    pendingExpiryHours: v.pending_expiry_hours,
    // A blank symbol is the table's (the form may leave it empty).
    currencies:
      v.currencies === undefined
        ? previous.currencies.map((c) => ({ ...c }))
        : v.currencies.map((c) => ({
            code: c.code,
            rate: c.rate,
            symbol: c.symbol || (knownCurrency(c.code)?.symbol ?? c.code),
          })),
    orderMessages: { ...(v.order_messages ?? previous.orderMessages) },
    lowStockGrams:
      v.low_stock_kg === undefined ? previous.lowStockGrams : kgToGrams(v.low_stock_kg),
    giftWrapCents:
      v.gift_wrap_offered === undefined
        ? previous.giftWrapCents
        : v.gift_wrap_offered
          ? toCents(v.gift_wrap_price ?? 0)
          : null,
    seller: {
      legalName: {
        en: v.seller_legal_name ?? previous.seller.legalName.en,
        ar: v.seller_legal_name_ar ?? previous.seller.legalName.ar,
      },
      address: {
        en: v.seller_address ?? previous.seller.address.en,
        ar: v.seller_address_ar ?? previous.seller.address.ar,
      },
      taxNumber: v.seller_tax_number ?? previous.seller.taxNumber,
    },
    taxRatePercent: v.tax_rate_percent === undefined ? previous.taxRatePercent : v.tax_rate_percent,
    invoiceDueReminders: v.invoice_due_reminders ?? previous.invoiceDueReminders,
    weighTolerancePercent: v.weigh_tolerance_percent ?? previous.weighTolerancePercent,
    chargeOverWeight: v.charge_over_weight ?? previous.chargeOverWeight,
    abandonedCheckoutReminders:
      v.abandoned_checkout_reminders ?? previous.abandonedCheckoutReminders,
    abandonedCheckoutHours: v.abandoned_checkout_hours ?? previous.abandonedCheckoutHours,
    reviewRequestDays:
      v.review_request_days === undefined ? previous.reviewRequestDays : v.review_request_days,
    // Only the sentences written are kept: an empty one is the template's own.
    mailOpenings: v.mail_openings
      ? Object.fromEntries(
          Object.entries(v.mail_openings).flatMap(([kind, o]) =>
            o && (o.en || o.ar) ? [[kind, { en: o.en, ar: o.ar }]] : [],
          ),
        )
      : { ...previous.mailOpenings },
  };
}

/**
 * The settings as the history shows them: one entry per form field, lists as one value each
 * (`phones`: "a, b"; `locations.1.title`), so a change reads like the form that made it.
 */
export function settingsAuditFields(s: ShopSettings): Record<string, unknown> {
  const {
    locations,
    currencies,
    order_messages,
    mail_openings,
    updated_at: _updated,
    ...rest
  } = settingsToForm(s);
  const fields: Record<string, unknown> = {
    ...rest,
    phones: rest.phones.join(", "),
    emails: rest.emails.join(", "),
    delivery_closed_weekdays: rest.delivery_closed_weekdays.join(", "),
    // "Sun: no limit, Mon: 100000 g, ...": a day's change reads as one line.
    capacity_grams_by_weekday: rest.capacity_grams_by_weekday
      .map((g, i) => `${WEEKDAY_SHORT[i]}: ${g === null ? "no limit" : `${g} g`}`)
      .join(", "),
    delivery_slots: slotsAudit(rest.delivery_slots),
    pickup_slots: slotsAudit(rest.pickup_slots),
    locations_count: locations.length,
    // "EUR 0.92 €, SYP 13000 SYP": a rate or symbol change reads as one line.
    currencies: currencies.map((c) => `${c.code} ${c.rate} ${c.symbol}`).join(", "),
  };
  // "order_messages.shipped": false, one entry per switch.
  for (const [kind, on] of Object.entries(order_messages)) fields[`order_messages.${kind}`] = on;
  // "mail_openings.order_shipped.ar": one entry per sentence.
  for (const [kind, o] of Object.entries(mail_openings)) {
    fields[`mail_openings.${kind}.en`] = o.en;
    fields[`mail_openings.${kind}.ar`] = o.ar;
  }
  locations.forEach((location, i) => {
    for (const [key, value] of Object.entries(location)) fields[`locations.${i}.${key}`] = value;
  });
  return fields;
}
