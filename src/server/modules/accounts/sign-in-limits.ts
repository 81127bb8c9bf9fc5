import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_MESSAGES } from "../../../shared/schemas/auth.ts";
import { HttpError } from "../../http-errors.ts";

/**
 * Password checks (sign-in, admin sign-in, both password changes) are counted three ways,
 * all in the rate-limit store (Redis when configured, else this process: ADR 0015). The rule
 * and its reasons: docs/decisions/0025-sign-in-limits.md.
 */
export const SIGN_IN_LIMITS = {
  /** One address, whatever the accounts: guessing many accounts from one place. */
  perAddress: { max: 5, timeWindow: 60_000 },
  /** One account from one address: guessing one password from one place. */
  perAccountAndAddress: { max: 10, timeWindow: 15 * 60_000 },
  /**
   * One account from every address. Above it the account is under attack: an address that
   * already tried it in its window waits; an address that has not still gets its try, so the
   * owner signing in from their own device is never locked out by someone else's guesses.
   */
  perAccount: { max: 30, timeWindow: 15 * 60_000 },
} as const;

/** Counters in the process: an LRU per limiter, big enough that a flood cannot evict them. */
const LOCAL_CACHE = 50_000;

export const tooManyAttempts = (ttlMs: number) =>
  new HttpError(429, AUTH_MESSAGES.TOO_MANY_ATTEMPTS, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

/** E-mails stay out of Redis keys: a short hash of the lower-cased address names the account. */
const accountKey = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;
type Counter = "sign-in-ip" | "sign-in-pair" | "sign-in-account";
type Counted = Awaited<ReturnType<Limiter>>;

export type SignInLimits = {
  /** Throws 429 when this password check from `request.ip` on `email` must wait. */
  check(request: FastifyRequest, email: string): Promise<void>;
};

/**
 * One set of limiters per app, whichever route plugin asks first: sign-in, admin sign-in and
 * both password changes share the same counters (in the process too, where each limiter keeps
 * its own LRU). Keyed on the app's `createRateLimit`, the same function in every plugin.
 */
const perApp = new WeakMap<object, SignInLimits>();

export function signInLimits(app: FastifyInstance): SignInLimits {
  const known = perApp.get(app.createRateLimit);
  if (known) return known;
  // The plugin's limiters take their key from the request; the account is not in every
  // request's body (a password change names it by the session), so the keys are set aside here.
  const keys = new WeakMap<FastifyRequest, Record<Counter, string>>();
  const limiter = (name: Counter, limit: { max: number; timeWindow: number }): Limiter => {
    const options = {
      ...limit,
      // Read by the in-process store only (not in the plugin's option type).
      cache: LOCAL_CACHE,
      keyGenerator: (request: FastifyRequest) => `${name}:${keys.get(request)?.[name] ?? ""}`,
    };
    return app.createRateLimit(options);
  };
  const perAddress = limiter("sign-in-ip", SIGN_IN_LIMITS.perAddress);
  const perPair = limiter("sign-in-pair", SIGN_IN_LIMITS.perAccountAndAddress);
  const perAccount = limiter("sign-in-account", SIGN_IN_LIMITS.perAccount);
  /** The wait before the next try when the count is over its limit, else null. */
  const waitOf = (result: Counted): number | null =>
    !result.isAllowed && result.isExceeded ? result.ttl : null;

  const limits: SignInLimits = {
    async check(request, email) {
      const account = accountKey(email);
      keys.set(request, {
        // The address is request.ip: only TRUST_PROXY's hops decide X-Forwarded-For (ADR 0015).
        "sign-in-ip": request.ip,
        "sign-in-pair": `${account}|${request.ip}`,
        "sign-in-account": account,
      });
      const address = await perAddress(request);
      const addressWait = waitOf(address);
      if (addressWait !== null) throw tooManyAttempts(addressWait);
      const pair = await perPair(request);
      const pairWait = waitOf(pair);
      if (pairWait !== null) throw tooManyAttempts(pairWait);
      // Limits off (tests): nothing was counted.
      if (pair.isAllowed) return;
      const total = await perAccount(request);
      // The first try on this account from this address in its window always goes through
      // (the plugin reports what is left, not the count: the first leaves max - 1).
      const fresh = pair.remaining === SIGN_IN_LIMITS.perAccountAndAddress.max - 1;
      if (waitOf(total) !== null && !fresh) throw tooManyAttempts(pair.ttl);
    },
  };
  perApp.set(app.createRateLimit, limits);
  return limits;
}
