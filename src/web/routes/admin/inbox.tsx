import { InboxScreen } from "../../features/admin/inbox/inbox-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/inbox";

export const handle = { i18n: ["admin", "admin-inbox"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-inbox:title"),
    noIndex: true,
  });

export default function AdminInboxPage() {
  return <InboxScreen />;
}
