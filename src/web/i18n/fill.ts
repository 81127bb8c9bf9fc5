/** A namespace's texts: nested objects of strings (i18next's JSON v4 shape). */
export type Bundle = Record<string, unknown>;

/**
 * `target` with every missing or empty entry taken from `fallback`, key by key. Arabic
 * bundles are filled with English once (at build for the browser's files, at start-up on the
 * server), so an Arabic page never needs the English texts themselves.
 */
export function fillFromFallback(target: Bundle, fallback: Bundle): Bundle {
  const out: Bundle = { ...target };
  for (const [key, value] of Object.entries(fallback)) {
    const own = out[key];
    if (value && typeof value === "object" && !Array.isArray(value)) {
      out[key] =
        own && typeof own === "object" && !Array.isArray(own)
          ? fillFromFallback(own as Bundle, value as Bundle)
          : value;
    } else if (own === undefined || own === null || own === "") {
      out[key] = value;
    }
  }
  return out;
}
