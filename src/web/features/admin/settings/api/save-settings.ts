import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSettings, SettingsValues } from "../../../../../shared/schemas/settings.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { settingsKeys } from "./get-settings.ts";

/** `PUT /api/admin/settings`: the whole form. */
export const saveSettings = (input: SettingsValues) =>
  adminApi.put<{ data: AdminSettings }>("/api/admin/settings", input, {
    fallback: "Failed to save settings",
  });

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      client.setQueryData(settingsKeys.all, saved);
      return refreshQueries(client, auditKeys.record("settings", "shop"));
    },
  });
}
