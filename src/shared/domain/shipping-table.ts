import {
  NO_SHIPPING_COUNTRIES,
  type ShippingRule,
  shippingRuleFor,
  WEIGHT_LIMIT_GRAMS,
} from "./shipping.ts";

export type WeightLimitGroup = {
  maxGrams: number;
  /** `refused`: the country is also on the no-shipping list, which wins (DECISIONS). */
  countries: { code: string; refused: boolean }[];
};

export type ShippingTable = {
  noShipping: string[];
  limits: WeightLimitGroup[];
};

/**
 * The international shipping page's table, built from the very lists checkout enforces
 * (`shipping.ts`): change a rule there and the page follows. Lists keep SPEC's order; limit
 * groups go from the strictest up.
 */
export function shippingTable(): ShippingTable {
  const groups = new Map<number, WeightLimitGroup>();
  for (const [code, maxGrams] of Object.entries(WEIGHT_LIMIT_GRAMS)) {
    let group = groups.get(maxGrams);
    if (!group) {
      group = { maxGrams, countries: [] };
      groups.set(maxGrams, group);
    }
    group.countries.push({ code, refused: NO_SHIPPING_COUNTRIES.has(code) });
  }
  return {
    noShipping: [...NO_SHIPPING_COUNTRIES],
    limits: [...groups.values()].sort((a, b) => a.maxGrams - b.maxGrams),
  };
}

/** What the page tells a shopper about one listed country, as a rule checkout can compare. */
export function pageRuleFor(table: ShippingTable, code: string): ShippingRule | undefined {
  if (table.noShipping.includes(code)) return { kind: "refused" };
  for (const group of table.limits) {
    const entry = group.countries.find((c) => c.code === code);
    if (entry)
      return entry.refused
        ? { kind: "refused" }
        : { kind: "international", maxGrams: group.maxGrams };
  }
  return undefined;
}

export { shippingRuleFor };
