import { countryName } from "./countries.ts";
import type { Lang } from "./money.ts";
import { optionLabel } from "./weight-options.ts";

/**
 * A customer's own text (a Latin address on an Arabic page, an Arabic name in an
 * English e-mail) and mixed fragments ("1 كغ × 2") must keep their own direction and never
 * pull the punctuation around them. HTML isolates them with `<bdi>` (the `Bidi` component,
 * the e-mail templates); plain text (an e-mail's text part, a messaging-app message) with
 * Unicode's first-strong isolate, which the reader's app draws the same way.
 */
export const FIRST_STRONG_ISOLATE = "\u2068";
export const POP_DIRECTIONAL_ISOLATE = "\u2069";

/** `text` between first-strong isolate marks; empty stays empty (no invisible noise). */
export function isolate(text: string): string {
  return text === "" ? "" : `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** How a list of parts is joined in each language: Arabic has its own comma. */
export function listSeparator(lang: Lang): string {
  return lang === "ar" ? "، " : ", ";
}

/** Where an order goes, as parts to isolate one by one: address, city, the country's name. */
export function addressParts(
  order: { address?: string | null; city?: string | null; country: string },
  lang: Lang,
): string[] {
  return [order.address ?? "", order.city ?? "", countryName(order.country, lang)]
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The parts joined for plain text, each isolated: "‹12 rue de la République›، ‹Lyon›، ‹فرنسا›". */
export function isolatedList(parts: ReadonlyArray<string>, lang: Lang): string {
  return parts.map(isolate).join(listSeparator(lang));
}

/** A line's weight and quantity for plain text: "1 kg × 2", the weight isolated. */
export function quantityText(grams: number, qty: number, lang: Lang): string {
  return `${isolate(optionLabel(grams, lang))} × ${qty}`;
}
