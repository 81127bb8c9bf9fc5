import { CategoriesScreen } from "../../features/admin/catalog/categories-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/categories";

export const handle = { i18n: ["admin", "admin-categories"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.categories"),
    noIndex: true,
  });

export default function AdminCategoriesPage() {
  return <CategoriesScreen />;
}
