import { PromotionsScreen } from "../../features/admin/promotions/promotions-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/promotions";

export const handle = { i18n: ["admin", "admin-promotions", "admin-shipping"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.promotions"),
    noIndex: true,
  });

export default function AdminPromotionsPage() {
  return <PromotionsScreen />;
}
