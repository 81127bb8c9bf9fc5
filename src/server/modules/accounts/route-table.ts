import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export type RouteEntry = { method: string; url: string };

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered. The admin-guard test walks it, so no route slips through. */
    routeTable: ReadonlyArray<RouteEntry>;
  }
}

/** Registered before any route, so its onRoute hook sees them all. */
export const routeTablePlugin = fp(
  async (app: FastifyInstance) => {
    const table: RouteEntry[] = [];
    app.decorate("routeTable", table);
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) table.push({ method, url: route.url });
    });
  },
  { name: "route-table" },
);
