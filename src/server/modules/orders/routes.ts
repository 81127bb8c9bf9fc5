import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import {
  customerOrdersQuerySchema,
  idempotencyKeySchema,
  orderAccessQuerySchema,
  orderListResponseSchema,
  orderNumberParams,
  orderResponseSchema,
  splitCartLines,
} from "../../../shared/schemas/order.ts";
import { placeOrderBodySchema } from "../../../shared/schemas/order-phones.ts";
import {
  cartPriceRequestSchema,
  cartPriceResponseSchema,
} from "../../../shared/schemas/promotions.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { answerRuleErrors } from "../../rule-error.ts";
import { orderLookupRoutes } from "./lookup.ts";
import { viewerOf } from "./viewer.ts";

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  answerRuleErrors(app);
  // "Find my order": number + e-mail or phone -> the private page.
  await app.register(orderLookupRoutes);

  app.post(
    "/orders",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Place an order",
        headers: z.object({ "idempotency-key": idempotencyKeySchema }),
        body: placeOrderBodySchema,
        response: { 200: orderResponseSchema, 201: orderResponseSchema },
      },
      // Dishes ride in `lines` beside the sweets; they are validated by their own schema.
      preValidation: async (request) => {
        request.body = splitCartLines(request.body) as typeof request.body;
      },
    },
    async (request, reply) => {
      // Signing in is optional: a signed-in customer's order is attached to the account.
      const session = await request.session();
      const { dto, created } = await app.services.orders.place(request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        lang:
          request.body.lang ??
          pickServerLanguage(request.cookies[LANGUAGE_COOKIE], request.headers["accept-language"]),
        user: session ? { id: session.user.id, email: session.user.email } : null,
      });
      // A replay answers 200 with the very same order; only the first answer is a 201.
      if (!created) reply.header("idempotent-replayed", "true");
      return reply.status(created ? 201 : 200).send({ data: dto });
    },
  );

  // One handler prices a cart for every client: the cart page and checkout (promotions,
  // dishes, coupon, delivery) and a trader's cart (its price list). `/cart/quote` is the older
  // name API clients may still call: the same route, the same answer.
  const priceCartRoute = (url: string, summary: string, alias: boolean) =>
    app.post(
      url,
      {
        schema: {
          summary,
          description:
            (alias
              ? "The older name of `POST /api/cart/price`, kept for API clients: the same " +
                "handler, body and answer. "
              : "") +
            "The cart priced as an order placed now by whoever asks would be (the same pure " +
            "pricing code): `lines` at a signed-in active trader's price list (`price_source` " +
            "`wholesale`, no promotion on top; `min_order_total` its list's minimum), else " +
            "retail. `promotions` lists every automatic promotion that applied (a free " +
            "delivery's amount is the fee saved); `next_promotion` is the nearest free delivery " +
            "not reached, `missing` dollars away. Without `country` the delivery fee is the " +
            "domestic one the cart shows. A signed-in request's answer is `private, no-store`: " +
            "it depends on who asks.",
          body: cartPriceRequestSchema,
          response: { 200: cartPriceResponseSchema },
        },
        // Dishes ride in `lines` beside the sweets, as in an order.
        preValidation: async (request) => {
          request.body = splitCartLines(request.body) as typeof request.body;
        },
      },
      async (request, reply) => {
        const session = await request.session();
        const data = await app.services.orders.price(request.body, session?.user.id ?? null);
        // A signed-in answer may carry a trader's own prices: no shared cache may keep it.
        if (session) reply.header("cache-control", "private, no-store");
        return reply.send({ data });
      },
    );
  priceCartRoute("/cart/price", "Price a cart (promotions, coupon, a trader's own prices)", false);
  priceCartRoute("/cart/quote", "Price a cart (older name of /api/cart/price)", true);

  app.get(
    "/orders",
    {
      preHandler: app.requireUser,
      schema: {
        summary: "My orders",
        querystring: customerOrdersQuerySchema,
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return app.services.orders.listForCustomer(session.user.id, request.query);
    },
  );

  app.get(
    "/orders/:number",
    {
      schema: {
        summary: "Get an order (its key or its signed-in owner)",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      return {
        data: await app.services.orders.forViewer(
          request.params.number,
          await viewerOf(request, request.query.key),
        ),
      };
    },
  );

  // The private page's retry when the card payment page could not be opened (or has closed
  // while the order still waits): a new Checkout Session, or the open one. The gateway being
  // down is a 503 with Retry-After. Limited like the public forms: each call may reach Stripe.
  app.post(
    "/orders/:number/payment-session",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Open a card payment for an order",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      return {
        data: await app.services.orders.retryPayment(
          request.params.number,
          await viewerOf(request, request.query.key),
        ),
      };
    },
  );
};
