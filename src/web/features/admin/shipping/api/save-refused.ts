import { useMutation, useQueryClient } from "@tanstack/react-query";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { shippingKeys } from "./list-zones.ts";
import { ZONE_SAVE_FAILED } from "./save-zone.ts";

/** `PUT /api/admin/shipping/refused`: the whole list. */
export const saveRefused = (countries: string[]) =>
  adminApi.put<{ data: { countries: string[] } }>(
    "/api/admin/shipping/refused",
    { countries },
    { fallback: ZONE_SAVE_FAILED },
  );

export function useSaveRefused() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRefused,
    onSuccess: () => refreshQueries(client, shippingKeys.all, auditKeys.all),
  });
}
