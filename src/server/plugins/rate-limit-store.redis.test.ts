import { randomInt, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { count, recorder, rootStore } from "../test/rate-limit-helpers.ts";
import { RedisProxy } from "../test/redis-proxy.ts";
import {
  CAME_BACK,
  createRateLimitStore,
  FELL_BACK,
  type RedisRateLimits,
} from "./rate-limit-store.ts";

/**
 * Issue 22: the rate-limit store against the real Redis (127.0.0.1:6379, or REDIS_URL),
 * through a proxy that breaks and hangs the connection without touching the server others
 * use. Part of `npm run test:pg` only, like two-instances.test.ts (vitest.config.ts): `npm test`
 * needs no Redis. rate-limit-store.test.ts covers Redis refused or hung with loopback alone.
 */
if (!process.env.TEST_DATABASE_URL)
  throw new Error("rate-limit-store.redis.test.ts runs in npm run test:pg");

/** Random per run: counters in the shared Redis outlive the test for a minute. */
const runId = `${randomInt(1, 250)}.${randomInt(1, 250)}`;

describe("with the real Redis", () => {
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
