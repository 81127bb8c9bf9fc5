import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/kitchen";

export const handle = { i18n: [] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.kitchen"),
    path: "/our-kitchen",
  });

export default function KitchenPage() {
  return <PagePlaceholder titleKey="pages.kitchen" />;
}
