// The production sheet: what the kitchen makes and packs for a day or a range of ready days.
// Pure: the caller passes the lines of the orders that count (cancelled and refunded orders
// never do), so the screen, the CSV and the tests share one sum.

export type ProductionLine = {
  orderId: number;
  orderNumber: string;
  /**
   * Several lines of one product and weight summed already (the database groups them): `qty`
   * is their total and these are the orders behind them. Without it, the line is `orderNumber`'s.
   */
  orderNumbers?: readonly string[];
  /** Null when the product was deleted since: the line keeps its names. */
  productId: number | null;
  name: string;
  nameAr: string;
  /** One pack's weight (the weight option) and how many packs. */
  grams: number;
  qty: number;
  /**
   * A mixed box's sweets, one box's worth: each sweet's grams x qty count as that sweet's to
   * make, and the box itself counts only as packs to fill (no grams of its own).
   */
  contents?: ReadonlyArray<{
    productId: number | null;
    nameEn: string;
    nameAr: string;
    grams: number;
  }> | null;
};

export type ProductionRow = {
  productId: number | null;
  name: string;
  nameAr: string;
  /** Total grams to make: the sum of grams x qty. */
  grams: number;
  /** Packs to fill per weight option, heaviest first: 12 x 1 kg, 30 x 500 g. */
  options: { grams: number; count: number }[];
  /** The orders behind the figure, by number, in order. */
  orders: string[];
};

/**
 * Lines summed per product (a deleted product by its English name), then per weight option.
 * Products come in name order; options heaviest first.
 */
export function productionSheet(lines: readonly ProductionLine[]): ProductionRow[] {
  type Building = ProductionRow & { optionCounts: Map<number, number>; orderSet: Set<string> };
  const rows = new Map<string, Building>();
  const rowOf = (
    productId: number | null,
    name: string,
    nameAr: string,
    orders: readonly string[],
  ) => {
    const key = productId === null ? `name:${name}` : `id:${productId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        productId,
        name,
        nameAr,
        grams: 0,
        options: [],
        orders: [],
        optionCounts: new Map(),
        orderSet: new Set(),
      };
      rows.set(key, row);
    }
    // A set: a day of 500 orders of one product must not scan a list per line.
    for (const order of orders) row.orderSet.add(order);
    return row;
  };
  for (const line of lines) {
    const orders = line.orderNumbers ?? [line.orderNumber];
    const row = rowOf(line.productId, line.name, line.nameAr, orders);
    row.optionCounts.set(line.grams, (row.optionCounts.get(line.grams) ?? 0) + line.qty);
    if (!line.contents?.length) {
      row.grams += line.grams * line.qty;
      continue;
    }
    for (const sweet of line.contents)
      rowOf(sweet.productId, sweet.nameEn, sweet.nameAr, orders).grams += sweet.grams * line.qty;
  }
  return [...rows.values()]
    .map(({ optionCounts, orderSet, ...row }) => ({
      ...row,
      options: [...optionCounts]
        .sort((a, b) => b[0] - a[0])
        .map(([grams, count]) => ({ grams, count })),
      orders: [...orderSet].sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
