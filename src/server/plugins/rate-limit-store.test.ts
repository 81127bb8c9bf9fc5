import { randomInt, randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { RedisProxy } from "../test/redis-proxy.ts";
import {
  CAME_BACK,
  createRateLimitStore,
  FELL_BACK,
  type RateLimitLog,
  type RateLimitStore,
  type RedisRateLimits,
} from "./rate-limit-store.ts";

/**
 * Issue 22: Redis is a helper, not a dependency. Without a Redis that answers, every limiter
 * still applies, counted in the process; with one, the count is in Redis again. The part
 * that needs the real Redis (127.0.0.1:6379, or REDIS_URL) runs in `npm run test:pg`, like
 * two-instances.test.ts; the rest needs nothing but loopback.
 */

/** Random per run: counters in the shared Redis outlive the test for a minute. */
const runId = `${randomInt(1, 250)}.${randomInt(1, 250)}`;
let host = 0;
const nextAddress = () => `10.${runId}.${++host}`;

/** A loopback port where nothing listens (taken, then given back). */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Accepts connections, reads everything, never answers: a hung Redis. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Wrong passwords from one address: the sign-in limit is 5 a minute. */
async function signInStatuses(t: TestApp, attempts: number): Promise<number[]> {
  const remoteAddress = nextAddress();
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: i % 2 ? "/api/auth/admin-login" : "/api/auth/login",
      remoteAddress,
      payload: { email: `nobody-${i}-${runId}@example.com`, password: "wrong-pass" },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** Orders from one address: 10 a minute. The limit applies before the (here invalid) body. */
async function orderStatuses(t: TestApp, attempts: number): Promise<number[]> {
  const remoteAddress = nextAddress();
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress,
      headers: { "idempotency-key": randomUUID() },
      payload: { lines: [] },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

function expectLimitsApplied(signIn: number[], orders: number[]): void {
  expect(signIn).toEqual([401, 401, 401, 401, 401, 429]);
  expect(orders.slice(0, 10)).not.toContain(429);
  expect(orders[10]).toBe(429);
}

/** Records what the store logs. */
function recorder(): RateLimitLog & { warnings: string[]; infos: string[] } {
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
function count(store: RateLimitStore, key: string): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 5),
  );
}

const rootStore = (limits: RedisRateLimits) => new limits.Store({}) as unknown as RateLimitStore;

describe("REDIS_URL at a loopback port where nothing listens", () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await deadPort();
    t = await createTestApp({ rateLimit: true, env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(() => t?.close());

  it("sign-in and orders still stop at their limits, counted in the process", async () => {
    expectLimitsApplied(await signInStatuses(t, 6), await orderStatuses(t, 11));
  });

  it("the outage is logged once, not per request", async () => {
    const log = recorder();
    const limits = createRateLimitStore({
      url: `redis://127.0.0.1:${await deadPort()}`,
      nameSpace: "test-rate-limit:",
      log,
    });
    try {
      const store = rootStore(limits).child({ routeInfo: { method: "POST", url: "/x" } });
      await vi.waitFor(() => expect(log.warnings).toEqual([FELL_BACK]), { timeout: 10_000 });
      const counts: number[] = [];
      for (let i = 0; i < 20; i++) counts.push((await count(store, "10.0.0.1")).current);
      expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(limits.counting()).toBe("process");
      expect(log.warnings).toEqual([FELL_BACK]);
      expect(log.infos).toEqual([]);
    } finally {
      await limits.close();
    }
  });
});

describe("REDIS_URL at a server that accepts connections and never answers", () => {
  let t: TestApp;
  let hung: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    hung = await silentServer();
    t = await createTestApp({ rateLimit: true, env: { REDIS_URL: hung.url } });
  });
  afterAll(async () => {
    await t?.close();
    await hung?.close();
  });

  it("every request is answered and the limits still apply", async () => {
    expectLimitsApplied(await signInStatuses(t, 6), await orderStatuses(t, 11));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("with the real Redis (npm run test:pg)", () => {
  const redisUrl = new URL(process.env.REDIS_URL || "redis://127.0.0.1:6379");
  const nameSpace = `test-rate-limit-${runId}:`;
  const proxy = new RedisProxy({
    host: redisUrl.hostname,
    port: Number(redisUrl.port || 6379),
  });
  const log = recorder();
  let direct: Redis;
  let viaProxy: RedisRateLimits;
  let straight: RedisRateLimits;
  /** Generous: ioredis reconnects within a second, a busy 2-core machine may take longer. */
  const eventually = { timeout: 20_000, interval: 50 };

  beforeAll(async () => {
    await proxy.start();
    direct = new Redis(redisUrl.toString());
    // Above the default: a busy machine's pause must not look like a hung Redis here.
    const commandTimeoutMs = 500;
    viaProxy = createRateLimitStore({ url: proxy.url, nameSpace, log, commandTimeoutMs });
    straight = createRateLimitStore({
      url: redisUrl.toString(),
      nameSpace,
      log: recorder(),
      commandTimeoutMs,
    });
    await Promise.all([viaProxy.started(), straight.started()]);
  });
  afterAll(async () => {
    await viaProxy?.close();
    await straight?.close();
    await proxy.stop();
    await direct?.quit();
  });

  const inRedis = async (key: string) => Number(await direct.get(`${nameSpace}${key}`));

  it("once started, counts in Redis from the first request", () => {
    expect(viaProxy.counting()).toBe("redis");
    expect(straight.counting()).toBe("redis");
  });

  it("two stores (two instances) share one count", async () => {
    const key = `shared-${randomUUID()}`;
    const a = rootStore(viaProxy);
    const b = rootStore(straight);
    expect((await count(a, key)).current).toBe(1);
    expect((await count(b, key)).current).toBe(2);
    expect((await count(a, key)).current).toBe(3);
    expect(await inRedis(key)).toBe(3);
    // A route's limiter (store.child) keys on the route, in the same Redis.
    const route = { routeInfo: { method: "POST", url: "/api/orders" } };
    expect((await count(a.child(route), key)).current).toBe(1);
    expect((await count(b.child(route), key)).current).toBe(2);
  });

  it("connection broken: counted in the process; restored: counted in Redis again", async () => {
    log.warnings.length = 0;
    log.infos.length = 0;
    const key = `broken-${randomUUID()}`;
    const store = rootStore(viaProxy);
    expect((await count(store, key)).current).toBe(1);

    await proxy.stop();
    await vi.waitFor(() => expect(viaProxy.counting()).toBe("process"), eventually);
    const local: number[] = [];
    for (let i = 0; i < 6; i++) local.push((await count(store, key)).current);
    // The limit still applies (6 > 5), and Redis did not see these.
    expect(local).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await inRedis(key)).toBe(1);
    expect(log.warnings).toEqual([FELL_BACK]);

    await proxy.start();
    await vi.waitFor(() => expect(viaProxy.counting()).toBe("redis"), eventually);
    expect((await count(store, key)).current).toBe(2);
    expect(await inRedis(key)).toBe(2);
    expect(log.warnings).toEqual([FELL_BACK]);
    expect(log.infos).toEqual([CAME_BACK]);
  });

  it("Redis hangs: the request is still counted (here); it answers again: back to Redis", async () => {
    log.warnings.length = 0;
    log.infos.length = 0;
    const key = `hung-${randomUUID()}`;
    const store = rootStore(viaProxy);
    expect((await count(store, key)).current).toBe(1);

    proxy.freeze();
    // The first count waits for the command timeout, the next ones not at all.
    const local: number[] = [];
    for (let i = 0; i < 6; i++) local.push((await count(store, key)).current);
    expect(local).toEqual([1, 2, 3, 4, 5, 6]);
    expect(viaProxy.counting()).toBe("process");
    expect(log.warnings).toEqual([FELL_BACK]);

    proxy.thaw();
    await vi.waitFor(() => expect(viaProxy.counting()).toBe("redis"), eventually);
    // The command that timed out reached Redis late, so its count may be there too: the
    // answer is Redis's count, whatever it is.
    const { current } = await count(store, key);
    expect(current).toBeGreaterThanOrEqual(2);
    expect(await inRedis(key)).toBe(current);
    expect(log.infos).toEqual([CAME_BACK]);
  });
});
