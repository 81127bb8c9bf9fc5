import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { GET_STARTED_NAV } from "../../lib/menus.ts";
import { usePaths } from "../../lib/paths.ts";
import { ChevronDownIcon } from "../ui/icons.tsx";

/**
 * Opens on click, closes when the pointer leaves it (and on Escape or a click outside).
 * Signed out it offers Login and Register; given `signedIn` (the header composes the session
 * and the sign-out, as a component never imports a feature) it offers the account and Log out
 * instead. The button itself is the same either way, so nothing shifts when the
 * session appears after hydration.
 */
export function GetStartedMenu({ signedIn }: { signedIn?: { onLogout: () => void } | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const paths = usePaths();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // Escape hands focus back to the button: the focused link is about to vanish,
    // which would drop focus to the page body.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer-leave is a convenience; keyboard users have Escape
    <div ref={root} className="relative" onMouseLeave={() => setOpen(false)}>
      <button
        ref={button}
        type="button"
        className="btn btn-primary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {t("nav.getStarted")}
        <ChevronDownIcon className="size-4" />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="absolute end-0 top-full z-30 min-w-40 rounded-lg border border-line bg-white py-1 shadow-lg"
        >
          {signedIn ? (
            <>
              <li>
                <Link
                  to={paths.account()}
                  className="block px-4 py-2 hover:bg-cream"
                  onClick={() => setOpen(false)}
                >
                  {t("header.account")}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className="block w-full px-4 py-2 text-start hover:bg-cream"
                  onClick={() => {
                    setOpen(false);
                    signedIn.onLogout();
                  }}
                >
                  {t("header.logout")}
                </button>
              </li>
            </>
          ) : (
            GET_STARTED_NAV.map((link) => (
              <li key={link.to}>
                <Link
                  to={localizePath(lang, link.to)}
                  className="block px-4 py-2 hover:bg-cream"
                  onClick={() => setOpen(false)}
                >
                  {t(link.label)}
                </Link>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
