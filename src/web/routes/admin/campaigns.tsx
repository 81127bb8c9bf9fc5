import { CampaignsScreen } from "../../features/admin/campaigns/campaigns-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/campaigns";

export const handle = { i18n: ["admin", "admin-campaigns", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.campaigns"),
    noIndex: true,
  });

export default function AdminCampaignsPage() {
  return <CampaignsScreen />;
}
