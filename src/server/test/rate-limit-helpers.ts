import type { RateLimitLog, RateLimitStore, RedisRateLimits } from "../plugins/rate-limit-store.ts";

/** Records what the store logs. */
export function recorder(): RateLimitLog & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return {
    warnings,
    infos,
    warn: (_details, message) => warnings.push(message),
    info: (message) => infos.push(message),
    debug: () => {},
  };
}

/** One count through the store, as @fastify/rate-limit asks for it (a minute, at most 5). */
export function count(
  store: RateLimitStore,
  key: string,
): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 5),
  );
}

export const rootStore = (limits: RedisRateLimits) =>
  new limits.Store({}) as unknown as RateLimitStore;
