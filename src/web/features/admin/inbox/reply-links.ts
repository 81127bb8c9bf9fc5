/** A phone number as wa.me wants it: digits only, international form. */
export const waDigits = (phone: string) => phone.replace(/[^0-9]/g, "").replace(/^00/, "");

/** `mailto:` with the subject and a greeting filled in. */
export function mailtoLink(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The messaging app's link with the greeting filled in. */
export function waLink(phone: string, text: string): string {
  return `https://wa.me/${waDigits(phone)}?text=${encodeURIComponent(text)}`;
}
