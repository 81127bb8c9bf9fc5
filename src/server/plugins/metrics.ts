import { timingSafeEqual } from "node:crypto";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { orders } from "../db/schema/orders.ts";
import { HttpError } from "../http-errors.ts";

/**
 * Operations: GET /metrics in Prometheus text, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Without METRICS_TOKEN there is no such route (404).
 * One registry per app instance, so two instances in one process never mix their counts.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "shop_" });

    const requests = new Counter({
      name: "shop_http_requests_total",
      help: "HTTP requests by method, route (its pattern, not the URL) and status",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time from request to response, by method and route",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const database = app.database;
    new Gauge({
      name: "shop_db_pool_connections",
      help: "Database connections by state (PGlite: one, in process)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = database.poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    new Gauge({
      name: "shop_orders_placed",
      help: "Orders in the database (every instance reports the same total)",
      registers: [registry],
      async collect() {
        const [row] = await database.db.select({ n: count() }).from(orders);
        this.set(row?.n ?? 0);
      },
    });

    app.addHook("onResponse", async (request, reply) => {
      // The route's pattern keeps the label set small; anything unmatched is one label.
      const route = request.routeOptions.url ?? "unmatched";
      if (route === "/metrics") return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    const expected = Buffer.from(`Bearer ${token}`);
    app.get("/metrics", async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new HttpError(401, "A valid metrics token is required.");
      reply.header("cache-control", "no-store").type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: "metrics", dependencies: ["services"] },
);
