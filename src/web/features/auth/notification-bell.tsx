import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiGet } from "../../lib/api.ts";

/** SPEC 9: the bell polls every 10 s; fetch errors are silent (SPEC 8). */
export const NOTIFICATION_POLL_MS = 10_000;

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The top bar's bell: the unread count from the server as a badge (none when zero or unknown).
 * The list of notifications belongs to the admin screens' issue; until then the panel says
 * how many are unread, which is true.
 */
export function NotificationBell({ token }: { token: string }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // TanStack Query polls (paused while the tab is hidden); a failed poll keeps the last count.
  const { data } = useQuery({
    queryKey: ["admin", "notifications", "unread", token],
    queryFn: ({ signal }) =>
      apiGet<{ meta?: { unread?: number } }>("/api/admin/notifications", { token, signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const unread = typeof data?.meta?.unread === "number" ? data.meta.unread : null;

  const count = unread ?? 0;
  return (
    <div className="relative">
      <button
        type="button"
        className="relative rounded-md p-2 hover:bg-line"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t("topbar.notifications")}
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {count > 0 ? (
          <span className="absolute -end-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute end-0 top-full z-30 mt-1 w-64 rounded-lg border border-line bg-white p-4 text-sm shadow-lg"
        >
          {count > 0 ? t("topbar.unread", { count }) : t("topbar.noNotifications")}
        </div>
      ) : null}
    </div>
  );
}
