import type { ProductListItem } from "../../../../shared/schemas/catalog.ts";
import { apiGet } from "../../../lib/api.ts";

/** `GET /api/products?…` with a trader's token: the same page at the trader's prices. */
export async function getTraderProducts(search: string, token: string): Promise<ProductListItem[]> {
  return (await apiGet<{ data: ProductListItem[] }>(`/api/products${search}`, { token })).data;
}
