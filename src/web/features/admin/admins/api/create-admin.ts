import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminCreateInput, AdminUser } from "../../../../../shared/schemas/admins.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { adminKeys } from "./list-admins.ts";

/** `POST /api/admin/admins` (with the new admin's roles). */
export const createAdmin = (input: AdminCreateInput) =>
  adminApi.post<{ data: AdminUser }>("/api/admin/admins", input, {
    fallback: "Failed to add the admin",
  });

export function useCreateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => refreshQueries(client, adminKeys.all),
  });
}
