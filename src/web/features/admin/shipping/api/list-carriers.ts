import { useQuery } from "@tanstack/react-query";
import type { CarrierDto } from "../../../../../shared/schemas/shipping.ts";
import { adminApi } from "../../../../lib/api.ts";
import { shippingKeys } from "./list-zones.ts";

export const CARRIERS_LOAD_FAILED = "Failed to load the carriers";

/** `GET /api/admin/shipping/carriers`: also the choices of the orders desk's "mark shipped". */
export const listCarriers = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: CarrierDto[] }>("/api/admin/shipping/carriers", {
      signal,
      fallback: CARRIERS_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useCarriers = (enabled = true) =>
  useQuery({
    queryKey: shippingKeys.carriers(),
    queryFn: ({ signal }) => listCarriers(signal),
    enabled,
  });
