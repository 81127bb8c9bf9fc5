import { useQuery } from "@tanstack/react-query";
import type { ShippingZoneDto } from "../../../../../shared/schemas/shipping.ts";
import { adminApi } from "../../../../lib/api.ts";

export const ZONES_LOAD_FAILED = "Failed to load the shipping zones";

/** Every shipping query of the back office: a save anywhere refreshes them all. */
export const shippingKeys = {
  all: ["admin", "shipping"] as const,
  zones: () => [...shippingKeys.all, "zones"] as const,
  refused: () => [...shippingKeys.all, "refused"] as const,
  carriers: () => [...shippingKeys.all, "carriers"] as const,
};

/** `GET /api/admin/shipping/zones`: every zone, its countries, cap and rates. */
export const listZones = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: ShippingZoneDto[] }>("/api/admin/shipping/zones", {
      signal,
      fallback: ZONES_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useZones = () =>
  useQuery({ queryKey: shippingKeys.zones(), queryFn: ({ signal }) => listZones(signal) });
