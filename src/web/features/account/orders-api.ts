import type { OrderStatus } from "../../../shared/domain/order-states.ts";
import { apiGet } from "../../lib/api.ts";
import { paths, type StorefrontPaths } from "../../lib/paths.ts";

/** A tab for orders in progress, then the delivered and cancelled tabs. */
export const ORDER_TABS = ["in_progress", "delivered", "cancelled"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
/** Orders per page 10, 20, 50 (wired here). */
export const ORDERS_PER_PAGE = [10, 20, 50] as const;

/** The fields of the orders API (`GET /api/orders`) this screen reads. */
export type CustomerOrderLine = {
  product_id: number | string;
  name: string;
  name_ar?: string | null;
  grams: number;
  qty: number;
  unit_price: number;
  line_total: number;
  image_url?: string | null;
  /** A mixed box's sweets; null or absent for an ordinary line. */
  contents?: { name: string; name_ar: string; grams: number }[] | null;
};
export type CustomerOrder = {
  number: string;
  status: OrderStatus;
  created_at: string;
  subtotal: number;
  discount: number;
  delivery_fee: number;
  total: number;
  lines: CustomerOrderLine[];
};
export type CustomerOrderPage = {
  data: CustomerOrder[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

export type OrdersQuery = { group: OrderTab; page: number; perPage: number };

/** Reads the tab, page and page size from the URL; anything odd falls back to the default. */
export function ordersQueryFrom(url: URL): OrdersQuery {
  const group = url.searchParams.get("group");
  const perPage = Number(url.searchParams.get("per_page"));
  const page = Number(url.searchParams.get("page"));
  return {
    group: (ORDER_TABS as readonly string[]).includes(group ?? "")
      ? (group as OrderTab)
      : "in_progress",
    perPage: (ORDERS_PER_PAGE as readonly number[]).includes(perPage) ? perPage : 10,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The orders list's address for `query`, in the page's language (`usePaths()`). */
export function ordersHref(
  query: OrdersQuery,
  at: Pick<StorefrontPaths, "orders"> = paths,
): string {
  return at.orders({
    group: query.group,
    page: query.page > 1 ? query.page : undefined,
    per_page: query.perPage !== 10 ? query.perPage : undefined,
  });
}

export function fetchCustomerOrders(query: OrdersQuery, token: string, signal?: AbortSignal) {
  const params = new URLSearchParams({
    group: query.group,
    page: String(query.page),
    per_page: String(query.perPage),
  });
  return apiGet<CustomerOrderPage>(`/api/orders?${params}`, { token, signal });
}
