// Tests run without the Vite plugin that makes `virtual:i18n-bundles` (vitest.config.ts
// aliases it here): no files, so a test instance never fetches texts.
const urls: Record<string, string> = {};
export default urls;
