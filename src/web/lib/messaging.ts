/** Link that opens a messaging-app conversation (wa.me) with an optional prefilled text. */
export function messagingLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
