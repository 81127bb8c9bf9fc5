import { useEffect, useRef, useState } from "react";
import type { AccountTrader } from "../../../shared/schemas/traders.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useCustomerSession } from "../../lib/customer-session.ts";
import { getAccountTrader } from "./api/get-account-trader.ts";

export type TraderSession = { token: string; trader: AccountTrader };

/**
 * The signed-in trader, once the account is known to be one; null for guests and retail
 * accounts. Rendered pages never see the token, so trader prices are always fetched here, in
 * the browser, after sign-in.
 */
export function useAccountTrader(): TraderSession | null {
  const token = useCustomerSession()?.token ?? null;
  const [state, setState] = useState<TraderSession | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void getAccountTrader(token).then((trader) => {
      if (live) setState(trader ? { token, trader } : null);
    });
    return () => {
      live = false;
    };
  }, [token]);
  return state && state.token === token ? state : null;
}

/**
 * `retail` as the signed-in trader sees it: `load` (which imports its request lazily, so a
 * retail visitor downloads none of it) runs once the account is known to be a trader and
 * whenever `key` changes. Until it answers, or when it fails, retail is shown.
 */
export function useTraderPriced<T>(retail: T, key: string, load: (token: string) => Promise<T>): T {
  const session = useAccountTrader();
  const token = session?.token ?? null;
  const [priced, setPriced] = useState<{ key: string; token: string; value: T } | null>(null);
  // The latest `load`: a new function each render, while `key` names what it loads.
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (!token) return;
    let live = true;
    loader.current(token).then(
      (value) => {
        if (live) setPriced({ key, token, value });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token, key]);
  return priced && priced.key === key && priced.token === token ? priced.value : retail;
}

/** The "Wholesale" mark beside a trader's own price. */
export function WholesaleMark() {
  const { t } = useTranslation();
  return (
    <span
      className="rounded-full bg-pistachio px-2 py-0.5 text-xs font-bold text-white"
      data-testid="wholesale-mark"
    >
      {t("wholesale")}
    </span>
  );
}
