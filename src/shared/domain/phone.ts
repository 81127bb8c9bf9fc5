import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * Phone numbers, read with a kept library (libphonenumber-js, its smallest "min" metadata) rather
 * than hand-written rules: a number is stored in E.164 ("+963944123456"), read with the order's
 * (or address's) country as the region a number without a calling code belongs to, shown in that
 * country's national form, and linked in full (`tel:+963…`, `wa.me/963…`).
 *
 * The library and its metadata weigh tens of kilobytes: the server and the back office import
 * this module; the storefront's pages never do (the server sends them what they show).
 */

/** A parsed number, or null when nothing usable is there (too short, letters, no region). */
function parse(raw: string, country: string | null | undefined) {
  const text = raw.trim();
  if (!text) return null;
  // "00" is the international prefix in the shop's markets: read it as "+".
  const international = text.startsWith("00") ? `+${text.slice(2)}` : text;
  const region = country ? (country.toUpperCase() as CountryCode) : undefined;
  try {
    const number = parsePhoneNumberFromString(international, region);
    return number?.isValid() ? number : null;
  } catch {
    // An unknown region code: as good as no number.
    return null;
  }
}

/** The number in E.164 ("+963944123456"), or null when it cannot be read as a real number. */
export function toE164(raw: string, country: string | null | undefined): string | null {
  return parse(raw, country)?.number ?? null;
}

/**
 * The number as the reader dials it: the national form when it belongs to the given country
 * ("0944 123 456"), the international one when it is foreign to it ("+974 3312 3456"). A number
 * the library cannot read (one stored before numbers were checked) is shown as it was typed.
 */
export function displayPhone(raw: string, country: string | null | undefined): string {
  const number = parse(raw, country);
  if (!number) return raw.trim();
  return number.country && number.country === country?.toUpperCase()
    ? number.formatNational()
    : number.formatInternational();
}

/** `tel:` with the full number ("tel:+963944123456"); the typed digits when it cannot be read. */
export function telHref(raw: string, country: string | null | undefined): string {
  return `tel:${toE164(raw, country) ?? raw.replace(/[^\d+]/g, "")}`;
}

/**
 * The messaging app's number: the full international number, digits only, no "+" or spaces
 * ("963944123456"), as wa.me links want it. Null when the number cannot be read (a local number
 * without its country would open a chat with nobody).
 */
export function messagingDigits(raw: string, country: string | null | undefined): string | null {
  return toE164(raw, country)?.slice(1) ?? null;
}
