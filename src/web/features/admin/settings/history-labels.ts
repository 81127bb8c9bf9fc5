import type { AuditChangeDto } from "../../../../shared/schemas/audit.ts";
import type { TFunction } from "../../../i18n/translator.tsx";

/** A settings field's label in the screen's words (admin-settings keys), by its section. */
const FIELD_LABELS: Record<string, [section: string, field: string | null]> = {
  cart_discount_percent: ["cart.title", "cart.percent"],
  delivery_fee: ["cart.title", "cart.fee"],
  phones: ["contact.title", "contact.phones"],
  emails: ["contact.title", "contact.emails"],
  messaging_number: ["contact.title", "contact.messaging"],
  instagram_url: ["contact.title", "contact.instagram"],
  facebook_url: ["contact.title", "contact.facebook"],
  tiktok_url: ["contact.title", "contact.tiktok"],
  hero_title: ["home.title", "home.heroTitle"],
  bank_transfer_instructions: ["bank.title", "bank.instructions"],
  locations_count: ["locations.title", "historyLabels.count"],
  delivery_closed_weekdays: ["delivery.title", "delivery.closed"],
  delivery_cutoff_hour: ["delivery.title", "delivery.cutoff"],
  capacity_grams_by_weekday: ["delivery.title", "delivery.capacity"],
  pending_expiry_hours: ["orders.title", "orders.pendingExpiry"],
  low_stock_kg: ["orders.title", "orders.lowStock"],
  review_request_days: ["orderMessages.title", "orderMessages.reviewDays"],
  gift_wrap_offered: ["orders.title", "orders.giftWrapOffered"],
  gift_wrap_price: ["orders.title", "orders.giftWrapPrice"],
  currencies: ["currencies.title", null],
  map_lat: ["map.title", "map.lat"],
  map_lng: ["map.title", "map.lng"],
  map_zoom: ["map.title", "map.zoom"],
};

/** A location's fields as its form names them (`title` is the form's "Title"). */
const LOCATION_LABELS: Record<string, string> = {
  title: "locations.name",
  address: "locations.address",
  hours: "locations.hours",
  email: "locations.email",
  mobile: "locations.mobile",
  landline: "locations.landline",
  lat: "locations.lat",
  lng: "locations.lng",
  pickup: "locations.pickup",
};

const SEPARATOR = " › ";

/**
 * A settings change as the history shows it, in the screen's language: "Locations › Main shop
 * › Offer as free pickup: off → on" rather than "locations.0.pickup: false → true". A location
 * is named by its title in the screen's language as it is now (else "Location 1"); an Arabic
 * field says so; a switch reads on/off. A field this table does not know keeps its raw name.
 */
export function describeSettingsChange(
  change: AuditChangeDto,
  t: TFunction,
  locations: ReadonlyArray<{ title: string; title_ar?: string | null }>,
  lang: "en" | "ar",
): { field: string; before: unknown; after: unknown } {
  const value = (v: unknown) =>
    typeof v === "boolean" ? t(v ? "historyLabels.on" : "historyLabels.off") : v;
  const arabic = change.field.endsWith("_ar");
  const base = arabic ? change.field.slice(0, -3) : change.field;
  const parts: string[] = [];
  const location = /^locations\.(\d+)\.(.+)$/.exec(base);
  const message = /^order_messages\.(.+)$/.exec(base);
  // "mail_openings.order_shipped.ar": the e-mail's name, then the language.
  const opening = /^mail_openings\.(\w+)\.(en|ar)$/.exec(change.field);
  if (location) {
    const index = Number(location[1]);
    const shop = locations[index];
    const name = (lang === "ar" ? shop?.title_ar || shop?.title : shop?.title) || "";
    const key = LOCATION_LABELS[location[2]!];
    if (!key) return { field: change.field, before: change.before, after: change.after };
    parts.push(t("locations.title"), name || t("locations.location", { n: index + 1 }), t(key));
  } else if (opening) {
    parts.push(
      t("mailOpenings.title"),
      t(`mailOpenings.kinds.${opening[1]}`),
      t(opening[2] === "ar" ? "mailOpenings.ar" : "mailOpenings.en"),
    );
    return { field: parts.join(SEPARATOR), before: change.before, after: change.after };
  } else if (message) {
    parts.push(t("orderMessages.title"), t(`orderMessages.kinds.${message[1]}`));
  } else {
    const known = FIELD_LABELS[base];
    if (!known) return { field: change.field, before: change.before, after: change.after };
    parts.push(t(known[0]));
    if (known[1]) parts.push(t(known[1]));
  }
  if (arabic) parts[parts.length - 1] += ` (${t("historyLabels.arabic")})`;
  return { field: parts.join(SEPARATOR), before: value(change.before), after: value(change.after) };
}
