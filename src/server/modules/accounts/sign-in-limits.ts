import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AUTH_MESSAGES } from "../../../shared/schemas/auth.ts";
import { HttpError } from "../../http-errors.ts";
import { addressKey } from "../../plugins/address-key.ts";

/**
 * Password and code checks (sign-in, admin sign-in, the code step, both password changes, an
 * e-mail change, deleting the account, turning two-factor on or off) are counted in the
 * rate-limit store (Redis when configured, else this process: ADR 0015). The rules and their
 * reasons: docs/decisions/0025-sign-in-limits.md.
 */
export const SIGN_IN_LIMITS = {
  /**
   * Wrong passwords and codes from one address, whatever the accounts: guessing many accounts
   * from one place. Only failures count: a carrier puts thousands of phones behind one
   * address, and their right passwords must not use each other's budget.
   */
  perAddress: { max: 10, timeWindow: 60_000 },
  /** Every check from one address, right or wrong: each costs an argon2 hash (the CPU's guard). */
  perAddressAttempts: { max: 120, timeWindow: 60_000 },
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
type Counter = "sign-in-ip" | "sign-in-ip-all" | "sign-in-pair" | "sign-in-account";
type Counted = Awaited<ReturnType<Limiter>>;

export type SignInLimits = {
  /** Before a password check on `email`: throws 429 when it must wait. */
  check(request: FastifyRequest, email: string): Promise<void>;
  /**
   * Before a code check: the address's rules only. The code step follows a right password,
   * whose own counters must not refuse the owner at the second step; the challenge carries
   * the account's limits (two-factor service).
   */
  checkAddress(request: FastifyRequest): Promise<void>;
  /** After a wrong password or code: counted against the address (429 when one too many). */
  failed(request: FastifyRequest): Promise<void>;
  /** Runs a check that throws 401, or 422 on a password or code, when wrong: a failure. */
  counting<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
};

/** Fields whose refusal means a wrong password or code (an e-mail already taken is not one). */
const SECRET_FIELDS = ["password", "current_password", "code", "challenge"];
const isWrongSecret = (error: unknown): boolean =>
  error instanceof HttpError &&
  (error.status === 401 ||
    (error.status === 422 && SECRET_FIELDS.some((field) => error.errors?.[field])));

/**
 * One set of limiters per app, whichever route plugin asks first: every route that checks a
 * password or a code shares the same counters (in the process too, where each limiter keeps
 * its own LRU). Keyed on the app's `createRateLimit`, the same function in every plugin.
 */
const perApp = new WeakMap<object, SignInLimits>();

export function signInLimits(app: FastifyInstance): SignInLimits {
  const known = perApp.get(app.createRateLimit);
  if (known) return known;
  // The plugin's limiters take their key from the request; the account is not in every
  // request's body (a password change names it by the session), so the keys are set aside here.
  const keys = new WeakMap<FastifyRequest, Partial<Record<Counter, string>>>();
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
  const perAddressAll = limiter("sign-in-ip-all", SIGN_IN_LIMITS.perAddressAttempts);
  const perPair = limiter("sign-in-pair", SIGN_IN_LIMITS.perAccountAndAddress);
  const perAccount = limiter("sign-in-account", SIGN_IN_LIMITS.perAccount);
  /** The wait before the next try when the count is over its limit, else null. */
  const waitOf = (result: Counted): number | null =>
    !result.isAllowed && result.isExceeded ? result.ttl : null;

  /**
   * Addresses whose failures reached the limit, until their window ends. The store only
   * counts up, so a failure is counted after the check and the refusal is remembered here:
   * the next check is refused without an argon2 hash. Another instance learns it at its own
   * next failure from that address (the shared count is over: 429), one check later.
   */
  const blocked = new Map<string, number>();
  const block = (address: string, ttlMs: number) => {
    blocked.delete(address);
    blocked.set(address, Date.now() + ttlMs);
    if (blocked.size > LOCAL_CACHE) blocked.delete(blocked.keys().next().value!);
  };
  const blockedFor = (address: string): number | null => {
    const until = blocked.get(address);
    if (until === undefined) return null;
    if (until > Date.now()) return until - Date.now();
    blocked.delete(address);
    return null;
  };

  const addressRules = async (request: FastifyRequest, address: string) => {
    const wait = blockedFor(address);
    if (wait !== null) throw tooManyAttempts(wait);
    const all = waitOf(await perAddressAll(request));
    if (all !== null) throw tooManyAttempts(all);
  };

  const limits: SignInLimits = {
    async check(request, email) {
      const account = accountKey(email);
      // The address is request.ip (only TRUST_PROXY's hops decide X-Forwarded-For, ADR 0015),
      // an IPv6 one by its /64.
      const address = addressKey(request.ip);
      keys.set(request, {
        "sign-in-ip": address,
        "sign-in-ip-all": address,
        "sign-in-pair": `${account}|${address}`,
        "sign-in-account": account,
      });
      await addressRules(request, address);
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

    async checkAddress(request) {
      const address = addressKey(request.ip);
      keys.set(request, { ...keys.get(request), "sign-in-ip-all": address });
      await addressRules(request, address);
    },

    async failed(request) {
      const address = addressKey(request.ip);
      keys.set(request, { ...keys.get(request), "sign-in-ip": address });
      const result = await perAddress(request);
      if (result.isAllowed) return;
      const wait = waitOf(result);
      if (wait !== null) {
        block(address, wait);
        throw tooManyAttempts(wait);
      }
      if (result.remaining === 0) block(address, result.ttl);
    },

    async counting(request, work) {
      try {
        return await work();
      } catch (error) {
        if (isWrongSecret(error)) await limits.failed(request);
        throw error;
      }
    },
  };
  perApp.set(app.createRateLimit, limits);
  return limits;
}
