import { CouponsScreen } from "../../features/admin/catalog/coupons-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/coupons";

export const handle = { i18n: ["admin", "admin-coupons"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.coupons"),
    noIndex: true,
  });

export default function AdminCouponsPage() {
  return <CouponsScreen />;
}
