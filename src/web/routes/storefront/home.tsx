import { PagePlaceholder } from "../../components/layout/page-placeholder.tsx";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "", path: "/" });

export default function HomePage() {
  return <PagePlaceholder titleKey="home:hero.title" />;
}
