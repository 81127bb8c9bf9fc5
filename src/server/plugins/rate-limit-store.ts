import { createRequire } from "node:module";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { Redis } from "ioredis";

/**
 * Rate limits in Redis when it answers, in this process when it does not (ADR 0015):
 * a circuit breaker in front of @fastify/rate-limit's own two stores. While the circuit is
 * open every limiter counts in the process at once (no request waits for a dead connection);
 * ioredis's reconnects, and a PING a second while the connection looks up, close it again.
 */

type Counted = { current: number; ttl: number };
type Counter = (error: Error | null, result?: Counted) => void;

/** What @fastify/rate-limit calls on a store (its .d.ts leaves out timeWindow and max). */
export interface RateLimitStore {
  incr(key: string, callback: Counter, timeWindow: number, max: number): void;
  child(routeOptions: StoreOptions): RateLimitStore;
}

/** The merged limiter options the plugin hands to a store (root and per route). */
type StoreOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo?: { method?: string; url?: string };
};

// The stores the plugin itself uses (CommonJS, no types of their own, not re-exported by the
// package's entry): same Lua script and keys as before in Redis, same LRU in the process.
// src/server/plugins/rate-limit-store.test.ts fails if a release moves them.
const require = createRequire(import.meta.url);
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => RateLimitStore;
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => RateLimitStore;

/** A count Redis has not answered in this long is made here, and Redis counts as unreachable. */
export const COMMAND_TIMEOUT_MS = 200;
/**
 * ioredis's own limit for every command (the connection's ready check and the probe's PING
 * included), so a hung server fails them instead of holding them forever. Longer than the
 * count's: it also applies to the ready check, where a false alarm costs a reconnection.
 */
const CONNECTION_COMMAND_TIMEOUT_MS = 1000;
/** How often an open circuit asks Redis again (and the longest pause between reconnects). */
export const PROBE_EVERY_MS = 1000;

export const FELL_BACK = "rate limits: Redis unreachable, counting in this process";
export const CAME_BACK = "rate limits: Redis answers again, counting in Redis";

/** The part of the app's logger the store uses (a test passes a recorder). */
export type RateLimitLog = {
  warn(details: { reason: string }, message: string): void;
  info(message: string): void;
  debug(details: { err: Error }, message: string): void;
};

export type RateLimitStoreOptions = {
  url: string;
  /** Key prefix in Redis. */
  nameSpace: string;
  log: RateLimitLog;
  commandTimeoutMs?: number;
  probeEveryMs?: number;
};

export type RedisRateLimits = {
  /** For `@fastify/rate-limit`'s `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Where the next request is counted. */
  counting(): "redis" | "process";
  /**
   * Resolves once the first connection has answered or failed (a refused port at once, a
   * hung or unroutable server within about a second): awaited before the app takes requests,
   * so a healthy Redis counts from the first one.
   */
  started(): Promise<void>;
  close(): Promise<void>;
};

/** Whether requests are counted in Redis, and the one log line per change of mind. */
class Circuit {
  onRedis = false;
  private announced = false;
  private closing = false;
  private settle = () => {};
  /** The first outcome, either way. */
  readonly settled = new Promise<void>((resolve) => {
    this.settle = resolve;
  });

  constructor(private readonly log: RateLimitStoreOptions["log"]) {}

  /** Open: count in the process until Redis answers again. Logged once per outage. */
  fellBack(reason: string): void {
    this.onRedis = false;
    this.settle();
    if (this.closing || this.announced) return;
    this.announced = true;
    this.log.warn({ reason }, FELL_BACK);
  }

  cameBack(): void {
    this.settle();
    if (this.closing || this.onRedis) return;
    this.onRedis = true;
    // The first connection at start-up is not news; only the end of an outage is.
    if (this.announced) this.log.info(CAME_BACK);
    this.announced = false;
  }

  close(): void {
    this.closing = true;
    this.onRedis = false;
    this.settle();
  }
}

/** One limiter's counter: in Redis while the circuit is closed, else in the process. */
class CircuitStore implements RateLimitStore {
  constructor(
    private readonly circuit: Circuit,
    private readonly timeoutMs: number,
    private readonly redis: RateLimitStore,
    private readonly local: RateLimitStore,
  ) {}

  incr(key: string, callback: Counter, timeWindow: number, max: number): void {
    if (!this.circuit.onRedis) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    // This request is counted here rather than refused or let through unlimited.
    const countHere = (reason: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.circuit.fellBack(reason);
      this.local.incr(key, callback, timeWindow, max);
    };
    // Decided after the event loop's next I/O poll (setImmediate), not in the timer itself:
    // after a long synchronous task (a busy process, not a silent Redis) the timer and the
    // answer are both due, and timers run first. ioredis's own commandTimeout would lose that
    // race, so it only backs this up (CONNECTION_COMMAND_TIMEOUT_MS).
    timer = setTimeout(
      () => setImmediate(() => countHere(`no answer in ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    this.redis.incr(
      key,
      (error, result) => {
        if (error) return countHere(error.message);
        // Answered after this request was counted here: that count stands.
        if (done) return;
        done = true;
        clearTimeout(timer);
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: StoreOptions): RateLimitStore {
    return new CircuitStore(
      this.circuit,
      this.timeoutMs,
      this.redis.child(routeOptions),
      this.local.child(routeOptions),
    );
  }
}

export function createRateLimitStore(options: RateLimitStoreOptions): RedisRateLimits {
  const { log, nameSpace } = options;
  const probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS;
  const timeoutMs = options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS;
  const redis = new Redis(options.url, {
    connectTimeout: 1000,
    commandTimeout: CONNECTION_COMMAND_TIMEOUT_MS,
    // One command less before the ready check (CLIENT SETINFO): a hung server is found out
    // after one command timeout at start-up, not two.
    disableClientInfo: true,
    // While disconnected a command fails at once instead of waiting in a queue for a server
    // that may not come back; the circuit is open by then anyway.
    enableOfflineQueue: false,
    // Commands in flight when the connection drops fail at once, and are never replayed on
    // the next connection (each was already counted here: a replay would count it twice).
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, probeEveryMs),
  });
  const circuit = new Circuit(log);

  redis.on("ready", () => circuit.cameBack());
  // Every failed (re)connection: ECONNREFUSED, a timed-out ready check... The circuit logs
  // the outage once; the attempts themselves only at debug level.
  redis.on("error", (error: Error) => {
    log.debug({ err: error }, "rate limits: Redis connection failed");
    circuit.fellBack(error.message);
  });
  redis.on("close", () => circuit.fellBack("connection closed"));

  // A server that hangs while the connection stays up never closes it: only commands time
  // out. Ask it again every so often; a dead connection is ioredis's to reconnect.
  const probe = setInterval(() => {
    if (circuit.onRedis || redis.status !== "ready") return;
    redis.ping().then(
      () => circuit.cameBack(),
      () => {},
    );
  }, probeEveryMs);
  probe.unref();

  class RootStore extends CircuitStore {
    constructor(params: StoreOptions) {
      super(
        circuit,
        timeoutMs,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  }

  return {
    // The package's type for a store leaves out the arguments it passes (see RateLimitStore above).
    Store: RootStore as unknown as FastifyRateLimitStoreCtor,
    counting: () => (circuit.onRedis ? "redis" : "process"),
    started: async () => {
      // connectTimeout and the ready check's command timeout bound it already; belt and braces.
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, 3000);
      });
      await Promise.race([circuit.settled, bound]);
      clearTimeout(timer);
    },
    close: async () => {
      circuit.close();
      clearInterval(probe);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
