declare module "virtual:i18n-bundles" {
  /** "lang/ns" -> URL of its hashed JSON file under /assets (see scripts/vite-i18n-bundles.ts). */
  const urls: Record<string, string>;
  export default urls;
}
