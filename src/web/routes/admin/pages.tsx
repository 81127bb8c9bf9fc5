import { PagesScreen } from "../../features/admin/pages/pages-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/pages";

export const handle = { i18n: ["admin", "admin-pages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-pages:title"),
    noIndex: true,
  });

export default function AdminPagesPage() {
  return <PagesScreen />;
}
