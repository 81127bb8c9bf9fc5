import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.checkout"),
    path: "/checkout",
  });

export default function CheckoutPage() {
  return <PagePlaceholder titleKey="pages.checkout" />;
}
