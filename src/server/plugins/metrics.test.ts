import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addProduct, orderBody, placeOrder } from "../modules/orders/test-fixtures.ts";
import { createTestApp, type TestApp } from "../test/app.ts";

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

describe("GET /metrics", () => {
  it("refuses a missing or wrong token", async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it("counts requests by route pattern and status, their latency, the pool and the orders", async () => {
    const productId = await addProduct(t.database.db);
    expect(
      (await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 1 }]))).statusCode,
    ).toBe(201);
    await t.app.inject({ url: `/api/products/${productId}` });
    await t.app.inject({ url: "/api/products/999999" });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    expect(text).toContain(
      'shop_http_requests_total{method="GET",route="/api/products/:id",status="200"} 1',
    );
    expect(text).toContain(
      'shop_http_requests_total{method="GET",route="/api/products/:id",status="404"} 1',
    );
    expect(text).toContain(
      'shop_http_requests_total{method="POST",route="/api/orders",status="201"} 1',
    );
    expect(text).toMatch(
      /shop_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/orders"\} 1/,
    );
    expect(text).toMatch(/shop_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain("shop_orders_placed 1");
    // The URL itself (ids, keys) never becomes a label.
    expect(text).not.toContain("/api/products/999999");
  });
});

describe("without METRICS_TOKEN", () => {
  it("there is no /metrics", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
