import { type DisplayCurrency, USD_DISPLAY } from "./currency.ts";

/**
 * The ISO 4217 currencies the owner may list as display currencies, with the
 * symbols shown by default and the currency's minor units. Server and admin only: the
 * storefront receives the listed currencies already resolved (`displayCurrencies`), so this
 * table never reaches a shopper's first-visit JavaScript.
 *
 * `symbol` is written in English text and `symbolAr` in Arabic text; an owner's own symbol
 * replaces both (docs/decisions/0023). Symbols that are letters (a code) get a space in
 * English ("AED 12.50"), signs do not ("€12.50"), as Intl writes them.
 */
export type KnownCurrency = {
  code: string;
  symbol: string;
  symbolAr: string;
  /** ISO 4217 minor units: 2 for cents, 3 for fils, 0 for none. */
  decimals: number;
};

export const KNOWN_CURRENCIES: readonly KnownCurrency[] = [
  { code: "USD", symbol: "$", symbolAr: "US$", decimals: 2 },
  { code: "EUR", symbol: "€", symbolAr: "€", decimals: 2 },
  { code: "GBP", symbol: "£", symbolAr: "£", decimals: 2 },
  { code: "TRY", symbol: "₺", symbolAr: "₺", decimals: 2 },
  { code: "AED", symbol: "AED", symbolAr: "د.إ", decimals: 2 },
  { code: "SAR", symbol: "SAR", symbolAr: "ر.س", decimals: 2 },
  { code: "QAR", symbol: "QAR", symbolAr: "ر.ق", decimals: 2 },
  { code: "KWD", symbol: "KWD", symbolAr: "د.ك", decimals: 3 },
  { code: "BHD", symbol: "BHD", symbolAr: "د.ب", decimals: 3 },
  { code: "OMR", symbol: "OMR", symbolAr: "ر.ع", decimals: 3 },
  { code: "JOD", symbol: "JOD", symbolAr: "د.أ", decimals: 3 },
  { code: "SYP", symbol: "SYP", symbolAr: "ل.س", decimals: 2 },
  { code: "LBP", symbol: "LBP", symbolAr: "ل.ل", decimals: 2 },
  { code: "IQD", symbol: "IQD", symbolAr: "د.ع", decimals: 3 },
  { code: "EGP", symbol: "EGP", symbolAr: "ج.م", decimals: 2 },
  { code: "LYD", symbol: "LYD", symbolAr: "د.ل", decimals: 3 },
  { code: "TND", symbol: "TND", symbolAr: "د.ت", decimals: 3 },
  { code: "MAD", symbol: "MAD", symbolAr: "د.م", decimals: 2 },
  { code: "DZD", symbol: "DZD", symbolAr: "د.ج", decimals: 2 },
  { code: "CAD", symbol: "CA$", symbolAr: "CA$", decimals: 2 },
  { code: "AUD", symbol: "A$", symbolAr: "A$", decimals: 2 },
  { code: "CHF", symbol: "CHF", symbolAr: "CHF", decimals: 2 },
  { code: "SEK", symbol: "SEK", symbolAr: "SEK", decimals: 2 },
  { code: "NOK", symbol: "NOK", symbolAr: "NOK", decimals: 2 },
  { code: "DKK", symbol: "DKK", symbolAr: "DKK", decimals: 2 },
  { code: "RUB", symbol: "₽", symbolAr: "₽", decimals: 2 },
  { code: "JPY", symbol: "JP¥", symbolAr: "JP¥", decimals: 0 },
  { code: "CNY", symbol: "CN¥", symbolAr: "CN¥", decimals: 2 },
  { code: "INR", symbol: "₹", symbolAr: "₹", decimals: 2 },
];

// No work at module level: the message translator reaches this file through settings.ts, and
// only side-effect-free declarations are dropped from bundles that do not use them.
export function knownCurrency(code: string): KnownCurrency | undefined {
  return KNOWN_CURRENCIES.find((c) => c.code === code);
}

/** Codes the owner may list: every known one but US dollars, which are always offered. */
export function listableCurrency(code: string): boolean {
  return code !== "USD" && knownCurrency(code) !== undefined;
}

/** A listed display currency as settings store it: units per US dollar and its symbol. */
export type ListedCurrency = { code: string; rate: number; symbol: string };

/**
 * The currencies a shopper may pick, US dollars first, each resolved against the table (a
 * stored code the table no longer knows is left out). An owner's symbol other than the
 * table's replaces the Arabic one too: the owner chose how it reads.
 */
export function displayCurrencies(listed: readonly ListedCurrency[]): DisplayCurrency[] {
  const resolved: DisplayCurrency[] = [USD_DISPLAY];
  for (const entry of listed) {
    const known = knownCurrency(entry.code);
    if (!known || known.code === "USD" || resolved.some((c) => c.code === known.code)) continue;
    const symbol = entry.symbol.trim() || known.symbol;
    resolved.push({
      code: known.code,
      rate: entry.rate,
      symbol,
      symbolAr: symbol === known.symbol ? known.symbolAr : symbol,
      decimals: known.decimals,
    });
  }
  return resolved;
}
