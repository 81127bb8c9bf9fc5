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
