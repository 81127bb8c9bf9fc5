import { switchLanguage } from "../../i18n/switch-language.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { GlobeIcon } from "../ui/icons.tsx";

export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === "ar" ? "en" : "ar";
  return (
    <button
      type="button"
      onClick={() => void switchLanguage(i18n, next)}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-bold hover:bg-line"
      aria-label={t("header.languageLabel")}
      lang={next}
      data-testid="language-toggle"
    >
      <GlobeIcon className="size-5" />
      <span className="hidden sm:inline">{t("header.language")}</span>
      <span className="sm:hidden" aria-hidden="true">
        {t("header.languageShort")}
      </span>
    </button>
  );
}
