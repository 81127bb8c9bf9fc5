import { centsToDollars } from "../../../shared/domain/money.ts";
import { type PriceListRules, priceUnderList } from "../../../shared/domain/price-lists.ts";
import type { ProductDetail, ProductListItem } from "../../../shared/schemas/catalog.ts";

const cents = (dollars: number) => Math.round(dollars * 100);

/** A pack's price under a trader's list; one pack, so the first tier a single pack reaches. */
function packPrice(
  list: PriceListRules,
  item: ProductListItem,
  grams: number,
  retailCents: number,
): { cents: number; wholesale: boolean } {
  const priced = priceUnderList(
    list,
    { productId: item.id, categoryId: item.category_id?.id ?? null, grams, qty: 1 },
    retailCents,
  );
  return { cents: priced.unitPriceCents, wholesale: priced.priceSource === "wholesale" };
}

/**
 * A catalogue item as a trader sees it: each price under its list (the list's price is the
 * trader's price, so no retail discount is shown beside it), marked "wholesale"; a product the
 * list does not name stays retail. A new object: the cached item is shared and never changed.
 */
export function wholesaleItem<T extends ProductListItem>(list: PriceListRules, item: T): T {
  const perKgRetail = cents(item.discount_price ?? item.price);
  const perKg = packPrice(list, item, 1000, perKgRetail);
  if (!perKg.wholesale) return item;
  const first = packPrice(list, item, item.default_grams, cents(item.default_price));
  const out: T = {
    ...item,
    price: centsToDollars(perKg.cents),
    discount_price: null,
    default_price: centsToDollars(first.cents),
    price_source: "wholesale",
  };
  if ("weights" in item) {
    (out as unknown as ProductDetail).weights = (item as unknown as ProductDetail).weights.map(
      (w) => ({
        ...w,
        price: centsToDollars(
          packPrice(list, item, w.grams, cents(w.discount_price ?? w.price)).cents,
        ),
        discount_price: null,
      }),
    );
  }
  return out;
}
