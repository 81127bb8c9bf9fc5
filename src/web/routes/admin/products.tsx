import { ProductsScreen } from "../../features/admin/catalog/products-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/products";

export const handle = { i18n: ["admin", "admin-products"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.products"),
    noIndex: true,
  });

export default function AdminProductsPage() {
  return <ProductsScreen />;
}
