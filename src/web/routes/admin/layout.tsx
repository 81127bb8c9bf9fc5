import { useTranslation } from "react-i18next";
import { NavLink, Outlet, redirect, useLoaderData } from "react-router";
import { LanguageToggle } from "../../components/layout/language-toggle.tsx";
import { readAdminSession } from "../../lib/admin-session.ts";

export const ADMIN_MENU = [
  { to: "/admin-dashboard", key: "menu.dashboard" },
  { to: "/admin-products", key: "menu.products" },
  { to: "/admin-categories", key: "menu.categories" },
  { to: "/admin-orders", key: "menu.orders" },
  { to: "/admin-copouns", key: "menu.coupons" },
  { to: "/admin-kitchen", key: "menu.kitchen" },
  { to: "/admin-logout", key: "menu.logout" },
] as const;

/** The back office runs in the browser (token in local storage): no admin session, no admin page. */
export function clientLoader() {
  const session = readAdminSession();
  if (!session) throw redirect("/admin-login");
  return { name: session.user.name };
}

export function HydrateFallback() {
  return <p className="p-8 text-center">…</p>;
}

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const { name } = useLoaderData<typeof clientLoader>();
  return (
    <div className="flex min-h-dvh">
      <aside className="w-56 shrink-0 bg-brown text-cream">
        <p className="p-4 text-lg font-bold">{t("title")}</p>
        <nav aria-label={t("menu.label")}>
          <ul>
            {ADMIN_MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block px-4 py-2 hover:bg-cream/10 ${isActive ? "bg-cream/20 font-bold" : ""}`
                  }
                >
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="flex-1">
        <header className="flex items-center justify-end gap-4 border-b border-line bg-white px-4 py-2">
          <LanguageToggle />
          <span className="font-semibold" data-testid="admin-name">
            {name}
          </span>
        </header>
        <main id="main" className="p-6" data-testid="admin-page">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
