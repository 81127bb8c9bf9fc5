import { createContext, useContext, useMemo, useState } from "react";
import {
  CURRENCY_COOKIE,
  type DisplayCurrency,
  formatDiscountIn,
  formatInCurrency,
  RECORD_CURRENCY,
  USD_DISPLAY,
} from "../../../shared/domain/currency.ts";
import type { Cents, Lang } from "../../../shared/domain/money.ts";
import { writeCookie } from "../../lib/cookies.ts";

/**
 * The shopper's display currency (docs/decisions/0023): which one is shown, the ones
 * the owner lists (USD first) and how to choose. Without a provider (the back office, order
 * records, tests) everything is US dollars.
 */
type DisplayCurrencyChoice = {
  currency: DisplayCurrency;
  currencies: readonly DisplayCurrency[];
  choose(code: string): void;
};

const DisplayCurrencyContext = createContext<DisplayCurrencyChoice>({
  currency: USD_DISPLAY,
  currencies: [USD_DISPLAY],
  choose: () => {},
});

/** Remembers the choice where the server looks, like the language (a year, the whole site). */
function rememberCurrency(code: string): void {
  writeCookie(CURRENCY_COOKIE, code);
}

type ProviderProps = {
  /** The server's choice for this page (already a listed code or USD). */
  code: string | undefined;
  /** The owner's currencies besides USD, resolved by the root loader. */
  listed: readonly DisplayCurrency[] | undefined;
  children: React.ReactNode;
};

/**
 * Starts from the server's choice, so the first paint and hydration agree (no flash); a pick
 * writes the cookie and switches every price at once, without a reload.
 */
export function DisplayCurrencyProvider({ code, listed, children }: ProviderProps) {
  const [chosen, setChosen] = useState(code ?? RECORD_CURRENCY);
  const value = useMemo<DisplayCurrencyChoice>(() => {
    const currencies = [USD_DISPLAY, ...(listed ?? [])];
    return {
      currency: currencies.find((c) => c.code === chosen) ?? USD_DISPLAY,
      currencies,
      choose(next) {
        rememberCurrency(next);
        setChosen(next);
      },
    };
  }, [chosen, listed]);
  return (
    <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>
  );
}

export function useDisplayCurrency(): DisplayCurrencyChoice {
  return useContext(DisplayCurrencyContext);
}

/** Formats USD cents in the shopper's currency: `money(cents)`, `money.discount(cents)`. */
export function useMoney(lang: Lang) {
  const { currency } = useDisplayCurrency();
  return useMemo(() => {
    const money = (cents: Cents) => formatInCurrency(cents, lang, currency);
    money.discount = (cents: Cents) => formatDiscountIn(cents, lang, currency);
    /** True when prices show in another currency than the one charged. */
    money.converted = currency.code !== RECORD_CURRENCY;
    money.currency = currency;
    return money;
  }, [lang, currency]);
}
