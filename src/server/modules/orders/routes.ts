import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import {
  cartQuoteRequestSchema,
  cartQuoteResponseSchema,
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

  app.post(
    "/cart/price",
    {
      schema: {
        summary: "Price a cart with the automatic promotions and a coupon",
        description:
          "The cart page's and checkout's totals, computed as an order placed now would be " +
          "(the same pure pricing code). `promotions` lists every automatic promotion that " +
          "applied (a free delivery's amount is the fee saved); `next_promotion` is the " +
          "nearest free delivery not reached, `missing` dollars away. Without `country` the " +
          "delivery fee is the domestic one the cart shows.",
        body: cartPriceRequestSchema,
        response: { 200: cartPriceResponseSchema },
      },
      // Dishes ride in `lines` beside the sweets, as in an order.
      preValidation: async (request) => {
        request.body = splitCartLines(request.body) as typeof request.body;
      },
    },
    async (request) => ({ data: await app.services.orders.price(request.body) }),
  );

  app.post(
    "/cart/quote",
    {
      schema: {
        summary: "Price a cart (a signed-in trader's own prices, else retail)",
        body: cartQuoteRequestSchema,
        response: { 200: cartQuoteResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await request.session();
      const data = await app.services.orders.quoteCart(
        request.body.lines,
        session?.user.id ?? null,
      );
      // The answer depends on who asks: no shared cache may keep it.
      return reply.header("cache-control", "private, no-store").send({ data });
    },
  );

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
