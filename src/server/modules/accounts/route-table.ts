import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export type RouteEntry = {
  method: string;
  url: string;
  /** The field names of the route's JSON body schema (a zod object), for the fuzz test. */
  bodyFields: string[];
};

/** Keys of a zod object schema (refinements keep the shape); none for anything else. */
function bodyFieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

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
      const bodyFields = bodyFieldsOf(route.schema?.body);
      for (const method of [route.method].flat())
        table.push({ method, url: route.url, bodyFields });
    });
  },
  { name: "route-table" },
);
