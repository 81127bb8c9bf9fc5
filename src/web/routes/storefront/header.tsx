import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { badgeText } from "../../../shared/domain/cart.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { CurrencyPicker } from "../../components/layout/currency-picker.tsx";
import { GetStartedMenu } from "../../components/layout/get-started-menu.tsx";
import { LanguageToggle } from "../../components/layout/language-toggle.tsx";
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from "../../components/ui/icons.tsx";
import { CustomerMenu, useSignOut } from "../../features/auth/customer-menu.tsx";
import { useCartCount } from "../../features/cart/use-cart-count.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { useCustomerSession } from "../../lib/customer-session.ts";
import { GET_STARTED_NAV, STOREFRONT_NAV } from "../../lib/menus.ts";
import { useAlternatePath, usePaths } from "../../lib/paths.ts";

export function Header() {
  const { t } = useTranslation();
  // Every link stays in the page's language; the toggle goes to this page in the other one.
  const lang = useLang();
  const paths = usePaths();
  const otherLanguage = useAlternatePath(lang === "ar" ? "en" : "ar");
  const count = useCartCount();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Null on the server and while hydrating, so both render the signed-out menus; the signed-in
  // ones follow right after. Both menus are closed then: nothing on screen moves.
  const session = useCustomerSession();
  const signOut = useSignOut();

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="border-b border-line bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t("skipToContent")}
      </a>
      <div className="container-page flex items-center gap-3 py-2">
        <Link to={paths.home()} className="flex min-w-0 items-center gap-2 font-bold text-brown">
          <img src="/logo.svg" alt="" width={36} height={36} className="shrink-0" />
          <span className="text-base leading-tight sm:text-lg" data-testid="brand-name">
            {t("brandShort")}
          </span>
        </Link>
        <Form
          action={paths.search()}
          role="search"
          className="ms-auto hidden max-w-xs flex-1 md:flex"
        >
          <label htmlFor="top-search" className="sr-only">
            {t("header.search")}
          </label>
          <input
            id="top-search"
            name="q"
            type="search"
            className="field rounded-e-none"
            placeholder={t("header.search")}
          />
          <button
            type="submit"
            className="rounded-e-lg bg-gold-dark px-3 text-white"
            aria-label={t("header.search")}
          >
            <SearchIcon className="size-5" />
          </button>
        </Form>
        <nav
          className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1 md:ms-2"
          aria-label={t("header.account")}
        >
          <Link
            to={paths.search()}
            className="rounded-md p-2 hover:bg-line md:hidden"
            aria-label={t("header.search")}
          >
            <SearchIcon />
          </Link>
          {/* On phones the signed-in name and logout live in the menu panel, so the bar fits. */}
          <div className="hidden md:block">
            <CustomerMenu />
          </div>
          <Link
            to={paths.account()}
            className="rounded-md p-2 hover:bg-line"
            aria-label={t("header.account")}
          >
            <UserIcon />
          </Link>
          <Link
            to={paths.cart()}
            className="relative rounded-md p-2 hover:bg-line"
            aria-label={count > 0 ? t("header.cartWithCount", { count }) : t("header.cart")}
          >
            <CartIcon />
            {count > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -end-1 -top-1 min-w-5 rounded-full bg-pistachio px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {badgeText(count)}
              </span>
            ) : null}
          </Link>
          <CurrencyPicker />
          <LanguageToggle href={otherLanguage} />
          <button
            type="button"
            className="rounded-md p-2 hover:bg-line md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t("nav.closeMenu") : t("nav.menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </nav>
      </div>
      <div className="hidden border-t border-line md:block">
        <nav
          className="container-page flex items-center gap-1 py-2"
          aria-label={t("nav.mainNavigation")}
        >
          {STOREFRONT_NAV.map((link) => (
            <NavLink
              key={link.to}
              to={localizePath(lang, link.to)}
              end={localizePath(lang, link.to) === paths.home()}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 font-semibold hover:bg-cream ${isActive ? "text-gold-dark" : ""}`
              }
            >
              {t(link.label)}
            </NavLink>
          ))}
          <div className="ms-auto">
            <GetStartedMenu signedIn={session ? { onLogout: () => void signOut() } : null} />
          </div>
        </nav>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          className="border-t border-line md:hidden"
          aria-label={t("nav.mainNavigation")}
        >
          <ul className="container-page flex flex-col py-2">
            {/* Signed in, the account and Log out below (CustomerMenu) replace Login/Register. */}
            {[...STOREFRONT_NAV, ...(session ? [] : GET_STARTED_NAV)].map((link) => (
              <li key={link.to}>
                <Link
                  to={localizePath(lang, link.to)}
                  className="block rounded-md px-3 py-3 font-semibold hover:bg-cream"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="container-page pb-3">
            <CustomerMenu />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
