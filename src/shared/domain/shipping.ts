/** The shop ships from Damascus; Syria is domestic and has no weight cap (DECISIONS). */
export const DOMESTIC_COUNTRY = "SY";

/** SPEC 9's 36 countries with no shipping, in SPEC's order. */
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

/** SPEC 9's per-country cap on an order's total weight, in grams. */
export const WEIGHT_LIMIT_GRAMS: Readonly<Record<string, number>> = {
  AT: ONE_KG, // Austria
  DK: ONE_KG, // Denmark
  IT: ONE_KG, // Italy
  IE: ONE_KG, // Ireland
  LV: ONE_KG, // Latvia
  LT: ONE_KG, // Lithuania
  MT: ONE_KG, // Malta
  PL: ONE_KG, // Poland
  PT: ONE_KG, // Portugal: listed by SPEC, but NO_SHIPPING_COUNTRIES takes precedence
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
 * Refusal is checked first: Portugal is on both SPEC lists and DECISIONS rules that the
 * stricter reading wins. A country on neither list ships internationally without a cap.
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
