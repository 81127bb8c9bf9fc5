import urls from "virtual:i18n-bundles";
import type { BackendModule } from "i18next";

/**
 * The browser's way to texts it lacks: one hashed, immutable file per language and namespace
 * (scripts/vite-i18n-bundles.ts). react-i18next suspends a screen whose namespace is missing,
 * so a client navigation or a language switch waits for the file instead of showing keys.
 */
export const bundleBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lang, ns, callback) {
    const url = urls[`${lang}/${ns}`];
    if (!url) {
      callback(new Error(`No texts for ${lang}/${ns}`), false);
      return;
    }
    fetch(url)
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`${url}: ${res.status}`))))
      .then(
        (bundle) => callback(null, bundle),
        (error: Error) => callback(error, false),
      );
  },
};
