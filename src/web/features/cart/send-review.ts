import type { ReviewInput } from "../../../shared/schemas/reviews.ts";
import { apiGet, apiPost } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";

/** `GET /api/orders/:number/reviews`: the products this order's buyer already reviewed. */
export async function loadReviewed(
  number: string,
  key: string | null,
  token: string | null,
  signal?: AbortSignal,
): Promise<number[]> {
  const body = await apiGet<{ data?: { product_ids?: number[] } }>(
    withQuery(`/api/orders/${encodeURIComponent(number)}/reviews`, { key }),
    { token, signal },
  );
  return body?.data?.product_ids ?? [];
}

/** `POST /api/products/:id/reviews`: pending until the shop publishes it. */
export async function sendReview(
  productId: number,
  input: ReviewInput,
  token: string | null,
): Promise<void> {
  await apiPost(`/api/products/${productId}/reviews`, input, { token });
}
