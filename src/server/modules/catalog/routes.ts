import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { PriceListRules } from "../../../shared/domain/price-lists.ts";
import {
  categoryListResponseSchema,
  productDetailResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
} from "../../../shared/schemas/catalog.ts";
import { notFound } from "../../http-errors.ts";
import { wholesaleItem } from "./wholesale-prices.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Shop API: public, read-only. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The price list of the request's signed-in trader, or null. Only a request with a bearer
   * token can be a trader's; everyone else gets the shared cached bytes. A trader's answer is
   * made per request from a copy and marked private, so no cache keeps it.
   */
  async function traderList(request: FastifyRequest): Promise<PriceListRules | null> {
    if (!request.headers.authorization) return null;
    const session = await request.session();
    return app.services.orders.priceListFor(session?.user.id ?? null);
  }
  const sendPrivate = (reply: FastifyReply, body: unknown) =>
    reply.header("cache-control", "private, no-store").send(body as never);

  app.get(
    "/products",
    {
      schema: {
        summary: "List products",
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const list = await traderList(request);
      if (list) {
        const page = await app.services.catalog.listProducts({
          search: q.search,
          category: q.category,
          page: q.page,
          perPage: q.per_page,
          sort: q.sort,
          without: q.without,
        });
        return sendPrivate(reply, {
          ...page,
          data: page.data.map((item) => wholesaleItem(list, item)),
        });
      }
      // Bytes serialised once per content version (the response schema applied then): a
      // string with a JSON content type skips the per-request serializer.
      const json = await app.services.catalog.listProductsJson({
        search: q.search,
        category: q.category,
        page: q.page,
        perPage: q.per_page,
        sort: q.sort,
        without: q.without,
      });
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/products/:id",
    {
      // Any id text is accepted here so "abc" or "1e3" is a 404 like an unknown number.
      schema: {
        summary: "Get a product",
        params: z.object({ id: z.string() }),
        response: { 200: productDetailResponseSchema, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const list = await traderList(request);
      if (list) {
        const product = /^\d{1,15}$/.test(id)
          ? await app.services.catalog.getProduct(Number(id))
          : null;
        if (!product) throw notFound();
        return sendPrivate(reply, { data: wholesaleItem(list, product) });
      }
      const json = /^\d{1,15}$/.test(id)
        ? await app.services.catalog.getProductJson(Number(id))
        : null;
      if (!json) throw notFound();
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/categories",
    { schema: { summary: "List categories", response: { 200: categoryListResponseSchema } } },
    async (_request, reply) =>
      reply
        .type("application/json; charset=utf-8")
        .send((await app.services.catalog.listCategoriesJson()) as never),
  );
};
