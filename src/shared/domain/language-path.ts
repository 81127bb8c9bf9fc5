import type { Language } from "./language.ts";

/**
 * A URL per language (docs/decisions/0028): Arabic pages live under `/ar`, English ones at
 * paths with no prefix. A path with no prefix is also where a shared old link lands, and
 * there the server still goes by the cookie and Accept-Language.
 */
export const ARABIC_PREFIX = "/ar";

/**
 * The language a path names, or null when it names none (the unprefixed paths). React Router's data
 * requests count too: `/ar.data` is the Arabic home page's, `/ar/shop.data` the shop's.
 */
export function languageOfPath(pathname: string): Language | null {
  return /^\/ar(?:\/|\.data$|$)/.test(pathname) ? "ar" : null;
}

/** The path without its language prefix: `/ar/shop?x=1` → `/shop?x=1`, `/ar` → `/`. */
export function withoutLanguage(path: string): string {
  if (!languageOfPath(path.split(/[?#]/)[0] ?? "")) return path;
  const rest = path.slice(ARABIC_PREFIX.length);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * The path of the same page in `lang`: English is the path itself, Arabic adds `/ar`
 * (`/` → `/ar`, `/?q` → `/ar?q`). Takes a path with or without a prefix.
 */
export function localizePath(lang: Language, path: string): string {
  const bare = withoutLanguage(path);
  if (lang !== "ar") return bare;
  return bare === "/" || /^\/[?#]/.test(bare)
    ? ARABIC_PREFIX + bare.slice(1)
    : ARABIC_PREFIX + bare;
}
