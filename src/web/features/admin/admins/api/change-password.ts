import { useMutation } from "@tanstack/react-query";
import type { PasswordChangeInput } from "../../../../../shared/schemas/account.ts";
import { adminApi } from "../../../../lib/api.ts";

/** `PUT /api/admin/password`: your own; your other sessions end. */
export const changeAdminPassword = (input: PasswordChangeInput) =>
  adminApi.put<{ data: { ok: true } }>("/api/admin/password", input, {
    fallback: "Failed to change the password",
  });

export const useChangeAdminPassword = () => useMutation({ mutationFn: changeAdminPassword });
