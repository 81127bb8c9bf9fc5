import { AdminsSection } from "../../features/admin/admins/admins-section.tsx";
import { SettingsScreen } from "../../features/admin/settings/settings-screen.tsx";
import { WebhooksSection } from "../../features/admin/webhooks/webhooks-section.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/settings";

export const handle = {
  i18n: ["admin", "admin-settings", "admin-admins", "admin-webhooks"] as const,
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.settings"),
    noIndex: true,
  });

/** The shop's settings, its admins and its webhooks: features side by side on one screen. */
export default function AdminSettingsPage() {
  return (
    <div className="flex flex-col gap-10">
      <SettingsScreen />
      <AdminsSection />
      <WebhooksSection />
    </div>
  );
}
