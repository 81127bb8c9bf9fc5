/**
 * A zone's weight bands in the words a reader uses: each band covers carts up to its weight
 * (included); an open last band covers anything heavier than the band before it, or any weight
 * when it is the only one. The admin table, the zone form's preview and the public shipping
 * page all read bands through this, so they never disagree.
 */
export type RateBand =
  | { kind: "upTo"; grams: number; fee: number }
  | { kind: "above"; grams: number; fee: number }
  | { kind: "any"; fee: number };

export function rateBands(
  rates: ReadonlyArray<{ up_to_grams: number | null; fee: number }>,
): RateBand[] {
  return rates.map((rate, i) => {
    if (rate.up_to_grams !== null) return { kind: "upTo", grams: rate.up_to_grams, fee: rate.fee };
    const before = rates[i - 1]?.up_to_grams;
    return typeof before === "number"
      ? { kind: "above", grams: before, fee: rate.fee }
      : { kind: "any", fee: rate.fee };
  });
}
