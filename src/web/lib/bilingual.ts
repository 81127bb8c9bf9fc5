import type { Lang } from "../../shared/domain/money.ts";
import { useTranslation } from "../i18n/translator.tsx";

/** The language the page shows now (it can change after hydration without a reload). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === "ar" ? "ar" : "en";
}

/** Arabic content shows the Arabic field and falls back to English when it is empty. */
export function pickText(lang: Lang, en: string | null | undefined, ar: string | null | undefined) {
  if (lang === "ar" && ar?.trim()) return ar;
  return en ?? "";
}
