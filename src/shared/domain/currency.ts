import { type Cents, formatMoney, type Lang, roundHalfAwayFromZero } from "./money.ts";

/**
 * Display currencies (docs/decisions/0023). US dollars are the currency of record:
 * every order is placed, stored and charged in USD cents. Another currency only changes how a
 * price reads, converted at the owner's rate and rounded sensibly. Hand-formatted like
 * `formatUsd` (no Intl on a page's way to hydration: docs/decisions/0019). Free of the
 * currency table (currency-codes.ts), so the storefront's scripts stay small.
 */

/** The currency orders are charged in; the default display currency. */
export const RECORD_CURRENCY = "USD";
/** The cookie that remembers a shopper's display currency (read by the server, like `lang`). */
export const CURRENCY_COOKIE = "currency";

/** A currency as the storefront shows it, resolved on the server from the settings and table. */
export type DisplayCurrency = {
  /** ISO 4217 code. */
  code: string;
  /** Units of this currency one US dollar buys (the owner's rate). */
  rate: number;
  /** The symbol in English text and in Arabic text: see `formatInCurrency`. */
  symbol: string;
  symbolAr: string;
  /** ISO 4217 minor units. */
  decimals: number;
};

export const USD_DISPLAY: DisplayCurrency = {
  code: "USD",
  rate: 1,
  symbol: "$",
  symbolAr: "US$",
  decimals: 2,
};

/** Rates the settings accept: above 0, at most this many units per dollar (Iran's rial fits). */
export const MAX_RATE = 10_000_000;

/**
 * How finely a converted price is rounded, in the currency's minor units. The rule, from the
 * rate alone so it keeps working when a currency is redenominated: round to the largest power
 * of ten that one US cent still buys, but never finer than the minor unit, and to whole units
 * rather than tenths (nobody writes "₺612.4"). So rounding moves a price by at most half a US
 * cent's worth, or half a unit where the unit is worth less than a US dime:
 * - EUR 0.92, GBP, AED 3.67, KWD 0.307: the minor unit (cents, fils);
 * - TRY 34, EGP 49, new SYP 130, JPY: whole units;
 * - IQD 1,310: tens; SYP 13,000, LBP 89,500: hundreds.
 */
export function roundingStep(currency: Pick<DisplayCurrency, "rate" | "decimals">): number {
  const unit = 10 ** currency.decimals;
  // One US cent buys rate / 100 units: find the largest 10^e at most that, comparing the rate
  // with exact powers of ten (Math.log10(1000) is 2.9999999999999996). Finer than a tenth of a
  // unit is the minor unit; a tenth is a whole unit.
  for (let e = 8; e >= -1; e--) {
    if (currency.rate >= Number(`1e${e + 2}`)) return e < 0 ? unit : Math.max(1, 10 ** e * unit);
  }
  return 1;
}

/** USD cents in the currency's minor units, rounded half away from zero to `roundingStep`. */
export function convertCents(cents: Cents, currency: DisplayCurrency): number {
  if (currency.code === RECORD_CURRENCY) return cents;
  const step = roundingStep(currency);
  const minor = (cents * currency.rate * 10 ** currency.decimals) / 100;
  return roundHalfAwayFromZero(minor / step) * step;
}

/** The decimals a converted price shows: none once it is rounded to whole units. */
export function shownDecimals(currency: DisplayCurrency): number {
  return roundingStep(currency) >= 10 ** currency.decimals ? 0 : currency.decimals;
}

/**
 * A USD amount in the shopper's currency, Latin digits in both languages. US dollars
 * read byte for byte as `formatMoney` writes them. Others follow Intl's patterns: English puts
 * the symbol first, with a space after letters ("AED 1,234.50", "€1,234.50"); Arabic puts it
 * last behind a right-to-left mark, like its dollars ("‏1,234.50 د.إ").
 */
export function formatInCurrency(cents: Cents, lang: Lang, currency: DisplayCurrency): string {
  if (currency.code === RECORD_CURRENCY) return formatMoney(cents, lang);
  const minor = convertCents(cents, currency);
  const unit = 10 ** currency.decimals;
  const decimals = shownDecimals(currency);
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / unit)).replace(/\B(?=(\d{3})+$)/g, ",");
  const fraction = decimals ? `.${String(abs % unit).padStart(decimals, "0")}` : "";
  const negative = minor < 0;
  if (lang === "ar")
    return `\u200f${negative ? "\u200e-" : ""}${whole}${fraction}\u00a0${currency.symbolAr}`;
  const gap = /\p{L}$/u.test(currency.symbol) ? "\u00a0" : "";
  return `${negative ? "-" : ""}${currency.symbol}${gap}${whole}${fraction}`;
}

/** A discount line's amount with a minus sign (U+2212), as `formatDiscount` writes dollars. */
export function formatDiscountIn(cents: Cents, lang: Lang, currency: DisplayCurrency): string {
  const off = Math.abs(cents);
  const amount = formatInCurrency(off, lang, currency);
  return convertCents(off, currency) === 0 ? amount : `\u2212${amount}`;
}

/**
 * The display currency a request asks for: the cookie's code when the owner lists it, else US
 * dollars. Anything else (an unlisted, removed or made-up code) is USD, so a bogus cookie
 * never makes a page of its own in the page cache.
 */
export function pickCurrencyCode(cookie: unknown, listed: readonly { code: string }[]): string {
  if (typeof cookie !== "string" || cookie.length > 8) return RECORD_CURRENCY;
  const code = cookie.trim().toUpperCase();
  return listed.some((c) => c.code === code) ? code : RECORD_CURRENCY;
}
