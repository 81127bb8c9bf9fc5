/**
 * "Find my order": does what a customer typed name the phone their order was
 * placed with? Phones are typed many ways ("+963 944 123 456", "00963944123456",
 * "0944 123 456", "944123456"), and the shop has no table of calling codes, so both sides are
 * cut to their digits without the international "00" and the domestic trunk "0", and one must
 * end the other: the shorter at least 8 digits (a national number in the shop's markets:
 * Qatar 8, Syria and the UAE 9, Turkey 10), the longer at most 3 digits more (a calling code
 * is 1 to 3 digits). So the national number alone finds an order placed with the international
 * one and the other way round, but a few trailing digits do not.
 */
export const MIN_PHONE_DIGITS = 8;
const MAX_CALLING_CODE_DIGITS = 3;

/** Digits only, without a leading "00" (international prefix) or "0"s (trunk prefix). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, "").replace(/^0+/, "");
}

export function samePhone(typed: string, onOrder: string): boolean {
  const a = phoneDigits(typed);
  const b = phoneDigits(onOrder);
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (
    short.length >= MIN_PHONE_DIGITS &&
    long.length - short.length <= MAX_CALLING_CODE_DIGITS &&
    long.endsWith(short)
  );
}

/** An e-mail address as compared: trimmed, any letter case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Whether the typed contact is meant as an e-mail address (else a phone). */
export const looksLikeEmail = (contact: string) => contact.includes("@");

/** Arabic-Indic and Persian digits as Latin ones. */
const latinDigits = (text: string) =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/**
 * What a back-office search looks for: a phone typed as a phone ("944 555", "0944-555",
 * "+963 944…", "٩٤٤ ٥٥٥") is looked for as its digits without the domestic "0" (phones are stored
 * in E.164 without spaces, and searched as digits); anything else as it was typed.
 */
export function deskSearchTerm(query: string): string {
  const digitsAndMarks = latinDigits(query.trim());
  if (!/^[+(]?[0-9][0-9 ()\-.]*$/.test(digitsAndMarks)) return query;
  const digits = digitsAndMarks.replace(/\D/g, "");
  return digits.length >= 4 ? digits.replace(/^0+/, "") : query;
}
