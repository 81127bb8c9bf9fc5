import { useQuery } from "@tanstack/react-query";
import type { AdminUser } from "../../../../../shared/schemas/admins.ts";
import { adminApi } from "../../../../lib/api.ts";

export const adminKeys = {
  all: ["admin", "admins"] as const,
};

/** `GET /api/admin/admins`. */
export const listAdmins = (signal?: AbortSignal) =>
  adminApi.get<{ data: AdminUser[] }>("/api/admin/admins", {
    signal,
    fallback: "Failed to load admins",
  });

export const useAdmins = () =>
  useQuery({ queryKey: adminKeys.all, queryFn: ({ signal }) => listAdmins(signal) });
