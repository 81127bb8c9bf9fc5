import { TradersScreen } from "../../features/admin/traders/traders-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/traders";

export const handle = { i18n: ["admin", "admin-traders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-traders:title"),
    noIndex: true,
  });

export default function AdminTradersPage() {
  return <TradersScreen />;
}
