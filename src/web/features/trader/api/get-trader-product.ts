import type { ProductShown } from "../../../../shared/schemas/catalog.ts";
import { apiGet } from "../../../lib/api.ts";

/** `GET /api/products/:id` with a trader's token: the product at the trader's prices. */
export async function getTraderProduct(id: number, token: string): Promise<ProductShown> {
  return (await apiGet<{ data: ProductShown }>(`/api/products/${id}`, { token })).data;
}
