import { CalendarScreen } from "../../features/admin/calendar/calendar-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/calendar";

export const handle = { i18n: ["admin", "admin-calendar"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.calendar"),
    noIndex: true,
  });

export default function AdminCalendarPage() {
  return <CalendarScreen />;
}
