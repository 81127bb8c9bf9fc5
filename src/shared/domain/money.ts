/** Integer number of cents. Money is never a float in domain code (STYLE). */
export type Cents = number;

export type Lang = "en" | "ar";

/**
 * Rounds half away from zero after cleaning binary float noise: 1.005 is stored as
 * 1.00499999999999989..., and `Math.round(1.005 * 100)` would give 100, not the 101 a
 * person expects. Fifteen significant digits is the most a double carries reliably.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
  const cleaned = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.round(cleaned);
  // `-0` would print as "-$0.00" in some formatters; an amount that rounds to nothing is 0.
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Dollars (as the API and stored cart lines carry them) to integer cents. */
export function toCents(dollars: number): Cents {
  return roundHalfAwayFromZero(dollars * 100);
}

/** Cents to a two-decimal dollar number, the shape API bodies use. */
export function centsToDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/**
 * Prices show Latin digits in both languages; the plain "ar" locale would
 * use Arabic-Indic digits, hence the numbering-system extension.
 */
export function formatMoney(cents: Cents, lang: Lang, currency = "USD"): string {
  if (currency === "USD") return formatUsd(cents, lang);
  return moneyFormat(lang, currency).format(centsToDollars(cents));
}

/**
 * Dollars exactly as `Intl.NumberFormat` writes them ("$1,234.50"; Arabic "‏1,234.50 US$" with
 * its direction marks), without it: a browser's first Intl formatter loads ICU data, 50-120 ms
 * of the main thread during hydration on a fast machine (docs/decisions/0019). The shop sells
 * in dollars only (catalog schema); money.test.ts compares the two over many amounts.
 */
function formatUsd(cents: Cents, lang: Lang): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const digits = `${whole}.${String(abs % 100).padStart(2, "0")}`;
  if (lang === "ar") return `\u200f${negative ? "\u200e-" : ""}${digits}\u00a0US$`;
  return `${negative ? "-" : ""}$${digits}`;
}

/**
 * A discount line's amount: "−$3.40" with a minus sign (U+2212), as the cart, checkout and
 * account pages show it; nothing off is "$0.00". Takes the discount as a positive amount.
 */
export function formatDiscount(cents: Cents, lang: Lang, currency = "USD"): string {
  const off = Math.abs(cents);
  return off === 0 ? formatMoney(0, lang, currency) : `\u2212${formatMoney(off, lang, currency)}`;
}

// Other currencies (none today) through Intl, one formatter per language and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(lang: Lang, currency: string): Intl.NumberFormat {
  const key = `${lang} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang === "ar" ? "ar-u-nu-latn" : "en", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/** A percentage of an amount, to the nearest cent (half up, so the customer keeps the half cent of a discount). */
export function percentOf(cents: Cents, percent: number): Cents {
  return roundHalfAwayFromZero((cents * percent) / 100);
}
