import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PageMeta } from "../../../../../shared/schemas/catalog.ts";
import type {
  WebhookCreateInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookUpdateInput,
} from "../../../../../shared/schemas/webhooks.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";

export const webhookKeys = {
  all: ["admin", "webhooks"] as const,
  deliveries: (id: number, page: number) => ["admin", "webhooks", id, "deliveries", page] as const,
};

/** `GET /api/admin/webhooks`. */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) =>
      adminApi.get<{ data: WebhookEndpoint[] }>("/api/admin/webhooks", {
        signal,
        fallback: "Failed to load webhooks",
      }),
  });

/**
 * `GET /api/admin/webhooks/{id}/deliveries`, newest first. Polled while the dialog is open so
 * a delivery the worker sends (or a "send again") shows its answer without a reload.
 */
export const useWebhookDeliveries = (id: number, page: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      adminApi.get<{ data: WebhookDelivery[]; meta: PageMeta }>(
        `/api/admin/webhooks/${id}/deliveries?page=${page}&per_page=10`,
        { signal, fallback: "Failed to load deliveries" },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 3_000,
  });

function useInvalidating<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshQueries(client, webhookKeys.all),
  });
}

/** `POST /api/admin/webhooks` (422 on `url` for a private or unknown address). */
export const useCreateWebhook = () =>
  useInvalidating((input: WebhookCreateInput) =>
    adminApi.post<{ data: WebhookEndpoint }>("/api/admin/webhooks", input, {
      fallback: "Failed to save the endpoint",
    }),
  );

/** `PUT /api/admin/webhooks/{id}`: an empty secret keeps the stored one. */
export const useUpdateWebhook = () =>
  useInvalidating(({ id, ...input }: WebhookUpdateInput & { id: number }) =>
    adminApi.put<{ data: WebhookEndpoint }>(`/api/admin/webhooks/${id}`, input, {
      fallback: "Failed to save the endpoint",
    }),
  );

/** `DELETE /api/admin/webhooks/{id}`. */
export const useDeleteWebhook = () =>
  useInvalidating((id: number) =>
    adminApi.delete<{ data: { id: number } }>(`/api/admin/webhooks/${id}`, {
      fallback: "Failed to delete the endpoint",
    }),
  );

/** `POST /api/admin/webhooks/deliveries/{id}/retry`: queued again, sent by the worker. */
export const useRetryDelivery = () =>
  useInvalidating((id: number) =>
    adminApi.post<{ data: WebhookDelivery }>(
      `/api/admin/webhooks/deliveries/${id}/retry`,
      {},
      {
        fallback: "Failed to send it again",
      },
    ),
  );
