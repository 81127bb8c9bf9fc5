import { rememberLanguage, switchLanguage } from "../../i18n/switch-language.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { GlobeIcon } from "../ui/icons.tsx";

/**
 * The language toggle. With `href` (the storefront: the same page's address in the other
 * language, docs/decisions/0028) it is a link that loads that page, rendered by the server in
 * its language, and remembers the choice on the way; without (the back office, one address per
 * screen) it switches the texts in place.
 */
export function LanguageToggle({ href }: { href?: string } = {}) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === "ar" ? "en" : "ar";
  // "العربية" on an English page is its only Arabic: in the system's font, so English pages
  // never download the brand font's Arabic faces, nor lay the page out again when they arrive.
  const className = `inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-bold hover:bg-line ${next === "ar" ? "font-[system-ui]" : ""}`;
  const label = (
    <>
      {/* Without the globe on the narrowest screens: the letter alone keeps the phone bar one row. */}
      <GlobeIcon className="hidden size-5 min-[400px]:block" />
      <span className="hidden sm:inline">{t("header.language")}</span>
      <span className="sm:hidden" aria-hidden="true">
        {t("header.languageShort")}
      </span>
    </>
  );
  if (href !== undefined) {
    return (
      // A plain anchor: the whole page changes language at once, from the server (no mixed
      // frame of new texts over old data), and it works before hydration.
      <a
        href={href}
        hrefLang={next}
        onClick={() => rememberLanguage(next)}
        className={className}
        aria-label={t("header.languageLabel")}
        lang={next}
        data-testid="language-toggle"
      >
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void switchLanguage(i18n, next)}
      className={className}
      aria-label={t("header.languageLabel")}
      lang={next}
      data-testid="language-toggle"
    >
      {label}
    </button>
  );
}
