import { describe, expect, it } from "vitest";
import { countries, countryName } from "./countries.ts";
import { checkShipping, shippingRuleFor } from "./shipping.ts";
import { pageRuleFor, shippingTable } from "./shipping-table.ts";

const table = shippingTable();
const listed = [
  ...new Set([...table.noShipping, ...table.limits.flatMap((g) => g.countries.map((c) => c.code))]),
];

describe("the international shipping page's table", () => {
  it("lists SPEC's 36 no-shipping countries, 14 at 1 kg and 5 at 3 kg", () => {
    expect(table.noShipping).toHaveLength(36);
    expect(table.limits.map((g) => [g.maxGrams, g.countries.length])).toEqual([
      [1000, 14],
      [3000, 5],
    ]);
  });

  it.each(listed)("%s: the page says what checkout enforces", (code) => {
    expect(pageRuleFor(table, code)).toEqual(shippingRuleFor(code));
  });

  it.each(listed)("%s: checkout's answer at the limit and above matches the page", (code) => {
    const rule = pageRuleFor(table, code)!;
    if (rule.kind === "refused") {
      expect(checkShipping(code, 1)).toEqual({ ok: false, reason: "no_shipping" });
    } else if (rule.kind === "international" && rule.maxGrams !== null) {
      expect(checkShipping(code, rule.maxGrams).ok).toBe(true);
      expect(checkShipping(code, rule.maxGrams + 1)).toEqual({
        ok: false,
        reason: "weight_limit",
        maxGrams: rule.maxGrams,
      });
    }
  });

  it("shows Portugal on the 1 kg list, marked refused: the stricter reading", () => {
    const oneKg = table.limits.find((g) => g.maxGrams === 1000)!;
    expect(oneKg.countries.find((c) => c.code === "PT")).toEqual({ code: "PT", refused: true });
    expect(table.noShipping).toContain("PT");
    expect(oneKg.countries.filter((c) => c.refused)).toHaveLength(1);
  });

  it("every listed code has a name in both languages", () => {
    const known = new Set(countries.map((c) => c.code));
    for (const code of listed) {
      expect(known.has(code)).toBe(true);
      expect(countryName(code, "ar")).not.toBe(code);
    }
  });
});
