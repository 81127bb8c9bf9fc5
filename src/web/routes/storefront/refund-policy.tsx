import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/refund-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.refund"),
    path: "/refund-policy",
  });

export default function RefundPolicyPage() {
  return <PagePlaceholder titleKey="pages.refund" />;
}
