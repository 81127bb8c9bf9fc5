import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.privacy"),
    path: "/privacy-policy",
  });

export default function PrivacyPolicyPage() {
  return <PagePlaceholder titleKey="pages.privacy" />;
}
