import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUpdateInput, AdminUser } from "../../../../../shared/schemas/admins.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { adminKeys } from "./list-admins.ts";

/** `PUT /api/admin/admins/{id}`: new roles (the last owner stays one: 422 on `roles`). */
export const updateAdmin = ({ id, ...input }: AdminUpdateInput & { id: number }) =>
  adminApi.put<{ data: AdminUser }>(`/api/admin/admins/${id}`, input, {
    fallback: "Failed to change the roles",
  });

export function useUpdateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: () => refreshQueries(client, adminKeys.all),
  });
}
