import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/terms-condition";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.terms"),
    path: "/terms-condition",
  });

export default function TermsPage() {
  return <PagePlaceholder titleKey="pages.terms" />;
}
