import { NavLink } from "react-router";
import { ErrorPanel } from "../../components/layout/error-panel.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { ACCOUNT_NAV } from "../../lib/menus.ts";

/** The three customer screens, side by side with the page on wide screens. */
export function AccountShell({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation("account");
  return (
    <section className="container-page grid gap-8 py-10 md:grid-cols-[14rem_1fr]">
      <nav aria-label={t("nav.label")}>
        <ul className="flex gap-2 md:flex-col">
          {ACCOUNT_NAV.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 font-semibold hover:bg-line ${isActive ? "bg-white text-gold-dark shadow-sm" : ""}`
                }
              >
                {t(link.label)}
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

/** The account screens' error boundary: the account menu stays, the failed screen gets a retry. */
export function AccountErrorBoundary() {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("nav.account")}>
      <ErrorPanel heading="h2" />
    </AccountShell>
  );
}
