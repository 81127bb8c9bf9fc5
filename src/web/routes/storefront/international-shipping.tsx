import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/international-shipping";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.shipping"),
    path: "/international-shipping",
  });

export default function ShippingPage() {
  return <PagePlaceholder titleKey="pages.shipping" />;
}
