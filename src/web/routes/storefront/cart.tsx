import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "pages.cart"), path: "/cart" });

export default function CartPage() {
  return <PagePlaceholder titleKey="pages.cart" />;
}
