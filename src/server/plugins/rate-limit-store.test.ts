import { randomInt, randomUUID } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SIGN_IN_LIMITS } from "../modules/accounts/sign-in-limits.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { count, recorder, rootStore } from "../test/rate-limit-helpers.ts";
import { createRateLimitStore, FELL_BACK } from "./rate-limit-store.ts";

/**
 * Issue 22: Redis is a helper, not a dependency. Without a Redis that answers, every limiter
 * still applies, counted in the process; with one, the count is in Redis again. What needs
 * the real Redis is rate-limit-store.redis.test.ts (`npm run test:pg`); this file needs
 * nothing but loopback.
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

/** Wrong passwords from one address: the sign-in limit is that many failures a minute. */
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
  const failures = SIGN_IN_LIMITS.perAddress.max;
  expect(signIn).toEqual([...Array<number>(failures).fill(401), 429]);
  expect(orders.slice(0, 10)).not.toContain(429);
  expect(orders[10]).toBe(429);
}

describe("REDIS_URL at a loopback port where nothing listens", () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await deadPort();
    t = await createTestApp({ rateLimit: true, env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(() => t?.close());

  it("sign-in and orders still stop at their limits, counted in the process", async () => {
    expectLimitsApplied(
      await signInStatuses(t, SIGN_IN_LIMITS.perAddress.max + 1),
      await orderStatuses(t, 11),
    );
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
    expectLimitsApplied(
      await signInStatuses(t, SIGN_IN_LIMITS.perAddress.max + 1),
      await orderStatuses(t, 11),
    );
  });
});
