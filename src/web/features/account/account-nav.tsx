import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

const LINKS = [
  { to: "/account", key: "nav.account" },
  { to: "/security", key: "nav.security" },
  { to: "/orders", key: "nav.orders" },
] as const;

/** The three customer screens, side by side with the page on wide screens. */
export function AccountShell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <section className="container-page grid gap-8 py-10 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t("nav.label")}>
        <ul className="flex gap-2 md:flex-col">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 font-semibold hover:bg-line ${isActive ? "bg-white text-gold-dark shadow-sm" : ""}`
                }
              >
                {t(link.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h1 className="text-3xl font-bold text-brown">{title}</h1>
        {children}
      </div>
    </section>
  );
}
