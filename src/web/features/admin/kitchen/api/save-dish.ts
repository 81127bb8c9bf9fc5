import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminDish, DishValues } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { dishKeys } from "./list-dishes.ts";

export type SaveDish = {
  /** Absent = a new dish. */
  id?: number;
  values: DishValues;
  /** A new picture for the upload pipeline (WebP, variants); null keeps `values.image`. */
  file: File | null;
  onProgress?: (fraction: number) => void;
};

/** The dish as multipart: the same fields as the JSON payload, the picture as a file. */
export function dishFormData(values: DishValues, file: File | null): FormData {
  const form = new FormData();
  form.set("title", values.title);
  form.set("title_ar", values.title_ar);
  form.set("description", values.description);
  form.set("description_ar", values.description_ar);
  form.set("price", values.price === null ? "" : String(values.price));
  form.set("weekdays", values.weekdays.join(","));
  form.set("active", String(values.active));
  form.set("sold_out_today", String(values.sold_out_today));
  form.set(
    "portions_per_day",
    values.portions_per_day === null ? "" : String(values.portions_per_day),
  );
  if (file) form.set("image", file);
  else form.set("image", values.image ?? "");
  return form;
}

/**
 * `POST /api/admin/kitchen` (on failure: "Failed to add item") or `PUT /api/admin/kitchen/{id}`
 * ("Failed to update").
 */
export const saveDish = ({ id, values, file, onProgress }: SaveDish) =>
  adminApi.upload<{ data: AdminDish }>(
    id ? `/api/admin/kitchen/${id}` : "/api/admin/kitchen",
    dishFormData(values, file),
    {
      method: id ? "PUT" : "POST",
      onProgress,
      fallback: id ? MESSAGES.UPDATE_FAILED : MESSAGES.ITEM_ADD_FAILED,
    },
  );

export function useSaveDish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDish,
    onSuccess: () => refreshQueries(client, dishKeys.all),
  });
}
