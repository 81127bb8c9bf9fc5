import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

/** What the new-order form reads of a customer (accounts carry `user_id`, guests null). */
export type CustomerMatch = {
  key: string;
  user_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  country: string | null;
};

/**
 * `GET /api/admin/customers?search=` (the customers screen's list): accounts and
 * earlier guest buyers by name, phone or e-mail. Asked only once something is typed.
 */
export function useCustomerSearch(search: string) {
  return useQuery<CustomerMatch[]>({
    queryKey: ["admin", "new-order", "customers", search],
    queryFn: ({ signal }) =>
      adminApi
        .get<{ data: CustomerMatch[] }>(
          withQuery("/api/admin/customers", { search, per_page: 10 }),
          {
            signal,
          },
        )
        .then((answer) => answer.data.slice(0, 6)),
    enabled: search.length > 0,
    retry: false,
  });
}
