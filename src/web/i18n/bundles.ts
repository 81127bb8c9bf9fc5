import urls from "virtual:i18n-bundles";
import type { BundleLoader } from "./translator.tsx";

/**
 * The browser's way to texts it lacks: one hashed, immutable file per language and namespace
 * (scripts/vite-i18n-bundles.ts). `useTranslation` suspends a screen whose namespace is
 * missing, so a client navigation or a language switch waits for the file instead of showing keys.
 */
export const loadBundle: BundleLoader = async (lang, ns) => {
  const url = urls[`${lang}/${ns}`];
  if (!url) throw new Error(`No texts for ${lang}/${ns}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
};
