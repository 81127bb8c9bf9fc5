import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";

export const CHECKOUT_REMINDERS_FAILED = "Failed to load the reminders' figures";

/** Reminders e-mailed in the last 30 days, and how many were followed by an order within 7. */
export type CheckoutReminderStats = { sent: number; ordered: number };

export const checkoutReminderKeys = { stats: ["admin", "checkout-reminders"] as const };

/** `GET /api/admin/checkout-reminders`: the dashboard's abandoned-checkout figures. */
export const getCheckoutReminderStats = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: CheckoutReminderStats }>("/api/admin/checkout-reminders", {
      signal,
      fallback: CHECKOUT_REMINDERS_FAILED,
    })
    .then((body) => body.data);

export function useCheckoutReminderStats() {
  return useQuery({
    queryKey: checkoutReminderKeys.stats,
    queryFn: ({ signal }) => getCheckoutReminderStats(signal),
  });
}
