import { SHIPPING_NOTE } from "../schemas/catalog.ts";
import { countries } from "./countries.ts";
import type { ShippingRules } from "./shipping.ts";

/**
 * The product page's shipping note, said from the zones the checkout enforces (one source of
 * truth): the original "We ship worldwide" only while every country is served; otherwise how many
 * are and are not, pointing to the international shipping page that lists them.
 */
export function shippingNoteFromZones(rules: ShippingRules): { en: string; ar: string } {
  const refused = new Set(rules.refused);
  const served = new Set(
    rules.zones.flatMap((zone) => zone.countries).filter((code) => !refused.has(code)),
  );
  const known = countries.length;
  const notServed = countries.filter((c) => !served.has(c.code)).length;
  if (notServed === 0) return { ...SHIPPING_NOTE };
  const count = known - notServed;
  return {
    en: `We ship to ${count} countries; ${notServed} are not served yet (see International shipping). Delivery times and weight limits depend on the destination country.`,
    ar: `نشحن إلى ${count} دولة، ولا نشحن بعد إلى ${notServed} دولة (انظر صفحة الشحن الدولي). تعتمد مدة التوصيل وحدود الوزن على بلد الوجهة.`,
  };
}
