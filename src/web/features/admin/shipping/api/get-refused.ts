import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { shippingKeys } from "./list-zones.ts";

export const REFUSED_LOAD_FAILED = "Failed to load the refused countries";

/** `GET /api/admin/shipping/refused`: the countries the shop never ships to. */
export const getRefused = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: { countries: string[] } }>("/api/admin/shipping/refused", {
      signal,
      fallback: REFUSED_LOAD_FAILED,
    })
    .then((body) => body.data.countries);

export const useRefused = () =>
  useQuery({ queryKey: shippingKeys.refused(), queryFn: ({ signal }) => getRefused(signal) });
