import { useSearchParams } from "react-router";
import { isCalendarDate } from "../../../shared/domain/business-days.ts";
import { KitchenOrdersScreen } from "../../features/admin/kitchen-orders/kitchen-orders-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/kitchen-orders";

export const handle = { i18n: ["admin", "admin-kitchen-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.kitchenOrders"),
    noIndex: true,
  });

/** Today's orders; `?date=YYYY-MM-DD` shows another day's (tomorrow's, to plan the pots). */
export default function AdminKitchenOrdersPage() {
  const [params] = useSearchParams();
  const date = params.get("date");
  return <KitchenOrdersScreen {...(date && isCalendarDate(date) ? { today: date } : {})} />;
}
