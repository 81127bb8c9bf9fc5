import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CarrierDto, CarrierValues } from "../../../../../shared/schemas/shipping.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { shippingKeys } from "./list-zones.ts";
import { ZONE_SAVE_FAILED } from "./save-zone.ts";

/** `POST /api/admin/shipping/carriers` (no id) or `PUT /api/admin/shipping/carriers/{id}`. */
export const saveCarrier = ({ id, input }: { id: number | null; input: CarrierValues }) =>
  id === null
    ? adminApi.post<{ data: CarrierDto }>("/api/admin/shipping/carriers", input, {
        fallback: ZONE_SAVE_FAILED,
      })
    : adminApi.put<{ data: CarrierDto }>(`/api/admin/shipping/carriers/${id}`, input, {
        fallback: ZONE_SAVE_FAILED,
      });

export function useSaveCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCarrier,
    onSuccess: (saved) =>
      refreshQueries(client, shippingKeys.carriers(), auditKeys.record("carrier", saved.data.id)),
  });
}
