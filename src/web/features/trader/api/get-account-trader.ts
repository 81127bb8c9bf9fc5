import type { AccountTrader } from "../../../../shared/schemas/traders.ts";
import { apiGet } from "../../../lib/api.ts";

const asked = new Map<string, Promise<AccountTrader | null>>();

/**
 * `GET /api/account/trader`: the signed-in account's trade terms, or null (retail, suspended,
 * or the question failed: then retail prices stay, which is always safe). Asked once per token.
 */
export function getAccountTrader(token: string): Promise<AccountTrader | null> {
  let answer = asked.get(token);
  if (!answer) {
    answer = apiGet<{ data: AccountTrader | null }>("/api/account/trader", { token }).then(
      (body) => (typeof body.data?.terms_days === "number" ? body.data : null),
      () => null,
    );
    asked.set(token, answer);
  }
  return answer;
}
