import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  categoryListResponseSchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
} from "../../../shared/schemas/catalog.ts";
import { notFound } from "../../http-errors.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Shop API (SPEC 7): public, read-only. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/products",
    {
      schema: {
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBody },
      },
    },
    async (request) => {
      const q = request.query;
      return app.services.catalog.listProducts({
        search: q.search,
        category: q.category,
        page: q.page,
        perPage: q.per_page,
        sort: q.sort,
      });
    },
  );

  app.get(
    "/products/:id",
    {
      // Any id text is accepted here so "abc" or "1e3" is a 404 like an unknown number.
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: productDetailResponseSchema, 404: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const product = /^\d{1,15}$/.test(id)
        ? await app.services.catalog.getProduct(Number(id))
        : null;
      if (!product) throw notFound();
      return { data: product };
    },
  );

  app.get(
    "/categories",
    { schema: { response: { 200: categoryListResponseSchema } } },
    async () => ({ data: await app.services.catalog.listCategories() }),
  );
};
