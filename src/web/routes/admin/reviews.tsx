import { ReviewsScreen } from "../../features/admin/reviews/reviews-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/reviews";

export const handle = { i18n: ["admin", "admin-reviews"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-reviews:title"),
    noIndex: true,
  });

export default function AdminReviewsPage() {
  return <ReviewsScreen />;
}
