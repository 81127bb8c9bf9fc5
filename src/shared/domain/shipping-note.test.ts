import { describe, expect, it } from "vitest";
import { SHIPPING_NOTE } from "../schemas/catalog.ts";
import { countries } from "./countries.ts";
import type { ShippingRules } from "./shipping.ts";
import { shippingNoteFromZones } from "./shipping-note.ts";

const zone = (codes: string[]) => ({
  id: 1,
  name: "All",
  nameAr: "الكل",
  countries: codes,
  maxGrams: null,
  rates: [],
});
const all = countries.map((c) => c.code);

describe("the product page's shipping note follows the zones", () => {
  it("says SPEC's 'We ship worldwide' only while every country is served", () => {
    const rules = { zones: [zone(all)], refused: [] } as unknown as ShippingRules;
    expect(shippingNoteFromZones(rules)).toEqual(SHIPPING_NOTE);
  });

  it("with 36 refused countries, never 'worldwide', in both languages", () => {
    const refused = all.slice(0, 36);
    const note = shippingNoteFromZones({ zones: [zone(all)], refused } as unknown as ShippingRules);
    expect(note.en).not.toMatch(/worldwide/i);
    expect(note.ar).not.toContain("جميع أنحاء العالم");
    expect(note.en).toContain(`We ship to ${all.length - 36} countries; 36 are not served`);
    expect(note.ar).toContain(`${all.length - 36} دولة`);
  });
});
