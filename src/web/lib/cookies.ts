// The cookies the browser keeps for the server (the language, the display currency, the
// customer's signed-in mark): one way to read and to write them.

/** A year, the choices' lifetime. */
export const COOKIE_YEAR_S = 365 * 24 * 60 * 60;

/** The value of `name` in a Cookie header or `document.cookie`, decoded; null when absent. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  const prefix = `${name}=`;
  const entry = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (entry === undefined) return null;
  try {
    return decodeURIComponent(entry.slice(prefix.length));
  } catch {
    return null;
  }
}

/** Writes `name` for the whole site (SameSite=Lax); `maxAgeSeconds` 0 removes it. */
export function writeCookie(name: string, value: string, maxAgeSeconds = COOKIE_YEAR_S): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads these cookies; the Cookie Store API is not in every browser the shop serves
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}
