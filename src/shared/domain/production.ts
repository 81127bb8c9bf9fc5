// The production sheet: what the kitchen makes and packs for a day or a range of ready days.
// Pure: the caller passes the lines of the orders that count (cancelled and refunded orders
// never do), so the screen, the CSV and the tests share one sum.

export type ProductionLine = {
  orderId: number;
  orderNumber: string;
  /** Null when the product was deleted since: the line keeps its names. */
  productId: number | null;
  name: string;
  nameAr: string;
  /** One pack's weight (the weight option) and how many packs. */
  grams: number;
  qty: number;
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
  const rows = new Map<string, ProductionRow & { optionCounts: Map<number, number> }>();
  for (const line of lines) {
    const key = line.productId === null ? `name:${line.name}` : `id:${line.productId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        productId: line.productId,
        name: line.name,
        nameAr: line.nameAr,
        grams: 0,
        options: [],
        orders: [],
        optionCounts: new Map(),
      };
      rows.set(key, row);
    }
    row.grams += line.grams * line.qty;
    row.optionCounts.set(line.grams, (row.optionCounts.get(line.grams) ?? 0) + line.qty);
    if (!row.orders.includes(line.orderNumber)) row.orders.push(line.orderNumber);
  }
  return [...rows.values()]
    .map(({ optionCounts, ...row }) => ({
      ...row,
      options: [...optionCounts]
        .sort((a, b) => b[0] - a[0])
        .map(([grams, count]) => ({ grams, count })),
      orders: [...row.orders].sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
