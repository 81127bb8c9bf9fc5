import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ShippingZoneDto,
  ShippingZoneValues,
} from "../../../../../shared/schemas/shipping.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { shippingKeys } from "./list-zones.ts";

export const ZONE_SAVE_FAILED = "Failed to save";

/** `POST /api/admin/shipping/zones` (no id) or `PUT /api/admin/shipping/zones/{id}`. */
export const saveZone = ({ id, input }: { id: number | null; input: ShippingZoneValues }) =>
  id === null
    ? adminApi.post<{ data: ShippingZoneDto }>("/api/admin/shipping/zones", input, {
        fallback: ZONE_SAVE_FAILED,
      })
    : adminApi.put<{ data: ShippingZoneDto }>(`/api/admin/shipping/zones/${id}`, input, {
        fallback: ZONE_SAVE_FAILED,
      });

export function useSaveZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveZone,
    onSuccess: (saved) =>
      Promise.all([
        // A zone's countries may have left the refused list's neighbours: refresh everything.
        refreshQueries(client, shippingKeys.all),
        refreshQueries(client, auditKeys.record("shipping_zone", saved.data.id)),
      ]),
  });
}
