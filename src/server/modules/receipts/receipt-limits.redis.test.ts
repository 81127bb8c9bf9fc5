import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MESSAGES } from "../../../shared/domain/receipts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { multipartBody } from "../../test/multipart.ts";
import { addProduct, orderBody } from "../orders/test-fixtures.ts";

/**
 * The receipt bytes an address may send in an hour are one budget for every instance: the
 * count lives in Redis. Needs a real Redis: part of `npm run test:pg` only (vitest.config.ts).
 */
describe("receipt bytes per address, two instances sharing Redis", () => {
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ rateLimit: true, env: { REDIS_URL: redisUrl } });
    b = await createTestApp({ rateLimit: true, env: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  async function transferOrder(t: TestApp, remoteAddress: string) {
    const product = await addProduct(t.database.db, { priceCents: 3000 });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress,
      headers: { "idempotency-key": `redis-receipts-${randomInt(1e9)}-${randomInt(1e9)}` },
      payload: orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        payment_method: "bank_transfer",
      }),
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { number: string; access_key: string };
  }

  it("what one instance counted, the other refuses", async () => {
    // Random per run: the counters outlive the test process for an hour.
    const here = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
    const noise = Buffer.concat([
      Buffer.from("%PDF-1.4\n"),
      Buffer.alloc(Math.floor(9.5 * 1024 * 1024), 0x41),
      Buffer.from("\n%%EOF\n"),
    ]);
    const statuses: number[] = [];
    for (const t of [a, b, a, b]) {
      const o = await transferOrder(t, here);
      const res = await t.app.inject({
        method: "POST",
        url: `/api/orders/${o.number}/receipt?key=${encodeURIComponent(o.access_key)}`,
        remoteAddress: here,
        ...multipartBody({}, [{ field: "file", name: "r.pdf", data: noise }]),
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(RECEIPT_MESSAGES.TOO_MUCH);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});
