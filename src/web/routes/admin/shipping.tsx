import { ShippingScreen } from "../../features/admin/shipping/shipping-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/shipping";

export const handle = { i18n: ["admin", "admin-shipping"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.shipping"),
    noIndex: true,
  });

export default function AdminShippingPage() {
  return <ShippingScreen />;
}
