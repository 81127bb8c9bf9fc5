import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { adminKeys } from "./list-admins.ts";

/** `DELETE /api/admin/admins/{id}` (never the last admin: 409). */
export const deleteAdmin = (id: number) =>
  adminApi.delete<{ data: { id: number } }>(`/api/admin/admins/${id}`, {
    fallback: "Failed to remove the admin",
  });

export function useDeleteAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    onSuccess: () => refreshQueries(client, adminKeys.all),
  });
}
