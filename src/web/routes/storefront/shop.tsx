import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/shop";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "pages.shop"), path: "/shop" });

export default function ShopPage() {
  return <PagePlaceholder titleKey="pages.shop" />;
}
