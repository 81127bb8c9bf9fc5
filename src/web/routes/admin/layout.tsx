import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link, NavLink, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import {
  type AdminRole,
  type AdminScreen,
  normaliseRoles,
  rolesAllow,
  SCREEN_ROLES,
} from "../../../shared/domain/admins.ts";
import type { AdminMe } from "../../../shared/schemas/admins.ts";
import { ErrorPanel } from "../../components/layout/error-panel.tsx";
import { LanguageToggle } from "../../components/layout/language-toggle.tsx";
import { CloseIcon, MenuIcon } from "../../components/ui/icons.tsx";
import { ToastProvider } from "../../components/ui/toast.tsx";
import { InboxMenuBadge } from "../../features/admin/inbox/inbox-screen.tsx";
import { orderKeys } from "../../features/admin/orders/api/list-orders.ts";
import { NotificationBell } from "../../features/auth/notification-bell.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { clearAdminSession, readAdminSession, storeAdminSession } from "../../lib/admin-session.ts";
import { ApiError, apiGet } from "../../lib/api.ts";
import { ADMIN_MENU, type MenuItem } from "../../lib/menus.ts";
import { paths } from "../../lib/paths.ts";
import { QueryProvider, refreshQueries } from "../../lib/query-client.tsx";

// admin-inbox: the side menu's Inbox and Pages labels and the unread badge.
// admin-two-factor: the menu's "My account".
export const handle = {
  i18n: ["admin", "messages", "admin-inbox", "admin-two-factor", "admin-traders"] as const,
};

/** Whether these roles open this screen; a screen-less entry (log out) is everyone's. */
export const mayOpen = (roles: readonly string[], screen: AdminScreen | undefined): boolean =>
  screen === undefined || rolesAllow(roles, SCREEN_ROLES[screen]);

/** The menu entry an address belongs to (`/admin-orders/12` is the orders desk's). */
const entryOf = (pathname: string): MenuItem | undefined =>
  ADMIN_MENU.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

/** The first screen these roles open: where a packer starts instead of the dashboard. */
const firstScreen = (roles: readonly string[]): MenuItem | undefined =>
  ADMIN_MENU.find((item) => item.screen !== undefined && mayOpen(roles, item.screen));

/**
 * The back office runs in the browser (token in local storage): no admin session, no admin
 * page. The stored token is also checked with the server (`GET /api/admin/me`, which also
 * says the admin's roles), so an expired or revoked one (or a user who is no longer an admin)
 * is forgotten and sent to the login instead of showing a shell whose every call fails. The
 * dashboard is the owner's: anyone else starts on their first screen.
 */
export async function clientLoader({ request }: { request: Request }) {
  const session = readAdminSession();
  if (!session) throw redirect(paths.admin.login());
  let admin: {
    name: string;
    token: string;
    id: number;
    roles: AdminRole[];
    /** The shop requires two-factor sign-in and this admin has not set it up. */
    twoFactorSetupRequired: boolean;
  };
  try {
    const { data } = await apiGet<{ data: AdminMe }>("/api/admin/me", {
      token: session.token,
      signal: request.signal,
    });
    storeAdminSession({
      token: session.token,
      token_type: session.tokenType,
      user: { ...session.user, id: data.id, name: data.name, email: data.email, roles: data.roles },
    });
    admin = {
      name: data.name,
      token: session.token,
      id: data.id,
      roles: data.roles,
      twoFactorSetupRequired: data.two_factor_setup_required,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      clearAdminSession();
      throw redirect(paths.admin.login());
    }
    if ((error as Error).name === "AbortError") throw error;
    // Offline or a server hiccup: keep the session; the screens report their own failures.
    admin = {
      name: session.user.name,
      token: session.token,
      id: session.user.id,
      roles: normaliseRoles(session.user.roles ?? []),
      twoFactorSetupRequired: false,
    };
  }
  // Required and not set up: the set-up is the only screen (the API refuses the others).
  if (admin.twoFactorSetupRequired && new URL(request.url).pathname !== paths.admin.account())
    throw redirect(paths.admin.account());
  const start = firstScreen(admin.roles);
  if (
    new URL(request.url).pathname === paths.admin.dashboard() &&
    !mayOpen(admin.roles, "dashboard") &&
    start
  )
    throw redirect(start.to);
  return admin;
}
export type AdminLayoutData = Awaited<ReturnType<typeof clientLoader>>;

/** The signed-in admin, for any screen under the layout. */
export function useAdmin(): AdminLayoutData | undefined {
  return useRouteLoaderData<typeof clientLoader>("routes/admin/layout");
}

export function HydrateFallback() {
  const { t } = useTranslation("admin");
  return (
    <p role="status" className="p-8 text-center">
      {t("checking")}
    </p>
  );
}

/**
 * The admin layout: side menu, top bar with the bell and the admin's name, language
 * toggle; right-to-left in Arabic through logical classes; the menu collapses on a phone.
 */
function AdminShell({ children }: { children: React.ReactNode }) {
  // admin-two-factor: the menu's "My account", loaded with the shell on a client navigation.
  const { t } = useTranslation(["admin", "admin-two-factor"]);
  const admin = useAdmin();
  // The error boundary renders without loader data when the loader itself failed.
  const fallback = typeof window === "undefined" ? null : readAdminSession();
  const name = admin?.name ?? fallback?.user.name ?? "";
  const token = admin?.token ?? fallback?.token ?? null;
  const roles = admin?.roles ?? fallback?.user.roles ?? [];
  // Until a required two-factor set-up is done, only "My account" and log out.
  const locked = admin?.twoFactorSetupRequired ?? false;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // The orders desk updates with the bell: a new order refetches the list, so
  // its rows and "N in all" agree with the badge without a reload.
  const queryClient = useQueryClient();
  const onNewOrders = useCallback(
    () => void refreshQueries(queryClient, orderKeys.lists),
    [queryClient],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t("skipToContent")}
      </a>
      {menuOpen ? (
        <button
          type="button"
          className="fixed inset-0 z-30 bg-ink/40 md:hidden"
          aria-label={t("topbar.closeMenu")}
          tabIndex={-1}
          onClick={() => setMenuOpen(false)}
        />
      ) : null}
      <aside
        id="admin-menu"
        className={`${menuOpen ? "block" : "hidden"} fixed inset-y-0 start-0 z-40 w-56 shrink-0 overflow-y-auto bg-brown text-cream md:static md:block print:hidden`}
      >
        <p className="p-4 text-lg font-bold">{t("title")}</p>
        <nav aria-label={t("menu.label")}>
          <ul>
            {ADMIN_MENU.filter((item) =>
              locked ? item.screen === undefined : mayOpen(roles, item.screen),
            ).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block px-4 py-2 hover:bg-cream/10 ${isActive ? "bg-cream/20 font-bold" : ""}`
                  }
                >
                  {t(item.label)}
                  {item.badge === "inbox" ? <InboxMenuBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-end gap-2 border-b border-line bg-white px-4 py-2 print:hidden">
          <button
            type="button"
            className="me-auto rounded-md p-2 hover:bg-line md:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            aria-label={menuOpen ? t("topbar.closeMenu") : t("topbar.openMenu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          {/* The bell tells of orders: for those who handle them. */}
          {token && !locked && rolesAllow(roles, SCREEN_ROLES.orders) ? (
            <NotificationBell
              token={token}
              onNewOrders={onNewOrders}
              productsAllowed={rolesAllow(roles, SCREEN_ROLES.products)}
            />
          ) : null}
          <LanguageToggle />
          <span
            className="font-semibold"
            data-testid="admin-name"
            title={t("topbar.signedInAs", { name })}
          >
            {name}
          </span>
        </header>
        <main id="main" className="p-4 md:p-6" data-testid="admin-page">
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * A screen opened by its address that the admin's roles do not include: said in
 * the page's language, with the way to a screen they may use; the screen itself never loads
 * (its calls would only be refused).
 */
function NotAllowed({ screen, roles }: { screen: AdminScreen; roles: readonly string[] }) {
  const { t } = useTranslation("admin");
  const start = firstScreen(roles);
  const needed = SCREEN_ROLES[screen].map((role) => t(`roles.${role}`)).join(t("roles.separator"));
  return (
    <section className="flex flex-col items-start gap-3" data-testid="admin-not-allowed">
      <h1 className="text-2xl font-bold text-brown">{t("notAllowed.title")}</h1>
      <p>{t("notAllowed.text", { roles: needed })}</p>
      {start ? (
        <Link to={start.to} className="btn btn-primary">
          {t("notAllowed.goTo", { screen: t(start.label) })}
        </Link>
      ) : null}
    </section>
  );
}

/** The screen, or "not allowed" when the admin's roles do not open it. */
function AllowedScreen() {
  const admin = useAdmin();
  const { pathname } = useLocation();
  const screen = entryOf(pathname)?.screen;
  const roles = admin?.roles ?? [];
  if (screen && !mayOpen(roles, screen)) return <NotAllowed screen={screen} roles={roles} />;
  return <Outlet />;
}

export default function AdminLayout() {
  return (
    <QueryProvider>
      <ToastProvider>
        <AdminShell>
          <AllowedScreen />
        </AdminShell>
      </ToastProvider>
    </QueryProvider>
  );
}

/** A failing admin screen keeps the side menu and top bar, with a retry. */
export function ErrorBoundary() {
  return (
    <QueryProvider>
      <AdminShell>
        <ErrorPanel />
      </AdminShell>
    </QueryProvider>
  );
}
