import type { OrderStatus } from "../../../shared/domain/order-states.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { paymentState } from "./card-payment.tsx";

/** The four steps a shopper follows; "preparing" is part of "confirmed" for them. */
const STEPS = ["placed", "confirmed", "shipped", "delivered"] as const;
const STEP_OF: Record<Exclude<OrderStatus, "canceled">, number> = {
  pending: 0,
  confirmed: 1,
  preparing: 1,
  shipped: 2,
  completed: 3,
};

export type ProgressStep = {
  key: (typeof STEPS)[number] | "canceled" | "refunded";
  state: "done" | "current" | "todo";
};

type ProgressOrder = Pick<OrderDto, "status" | "payment_status" | "payment_method" | "events">;

/**
 * Where the order is: placed → confirmed → shipped → delivered, or, once it ended early,
 * the steps it reached followed by "cancelled" and/or "refunded" (never a delivery ahead of
 * an order that will not come).
 */
export function progressSteps(order: ProgressOrder): ProgressStep[] {
  const reached =
    order.status === "canceled"
      ? Math.max(
          0,
          ...order.events.flatMap((e) => (e.status === "canceled" ? [] : [STEP_OF[e.status]])),
        )
      : STEP_OF[order.status];
  const refunded = order.payment_status === "refunded";
  if (order.status !== "canceled" && !refunded)
    return STEPS.map((key, i) => ({
      key,
      state: i < reached ? "done" : i === reached ? "current" : "todo",
    }));
  const steps: ProgressStep[] = STEPS.slice(0, reached + 1).map((key) => ({ key, state: "done" }));
  if (order.status === "canceled")
    steps.push({ key: "canceled", state: refunded ? "done" : "current" });
  if (refunded) steps.push({ key: "refunded", state: "current" });
  return steps;
}

/** The page's headline sentence for the order's state (a cancelled order has its own box). */
export function headlineKey(order: ProgressOrder): string {
  if (order.payment_status === "refunded") return "order.headline.refunded";
  if (paymentState(order) === "waiting") return "order.headline.waiting";
  return order.status === "pending" ? "order.thanks" : `order.headline.${order.status}`;
}

export function OrderProgress({ order }: { order: ProgressOrder }) {
  const { t } = useTranslation("checkout");
  return (
    <ol
      className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      aria-label={t("order.progress.label")}
      data-testid="order-progress"
    >
      {progressSteps(order).map((step, i) => (
        <li
          key={step.key}
          className="flex items-center gap-2"
          data-state={step.state}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          {i > 0 ? (
            <span aria-hidden="true" className="text-muted rtl:-scale-x-100">
              →
            </span>
          ) : null}
          <span
            aria-hidden="true"
            className={`inline-block size-2.5 rounded-full ${
              step.state === "todo"
                ? "border border-line bg-white"
                : step.key === "canceled" || step.key === "refunded"
                  ? "bg-red-700"
                  : "bg-pistachio"
            }`}
          />
          <span
            className={
              step.state === "current"
                ? "font-bold text-brown"
                : step.state === "todo"
                  ? "text-muted"
                  : ""
            }
          >
            {t(`order.progress.${step.key}`)}
          </span>
        </li>
      ))}
    </ol>
  );
}
