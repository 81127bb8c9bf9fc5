import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "pages.contact"), path: "/contact" });

export default function ContactPage() {
  return <PagePlaceholder titleKey="pages.contact" />;
}
