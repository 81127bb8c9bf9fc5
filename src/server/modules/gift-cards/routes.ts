import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  giftCardBalanceSchema,
  giftCardDtoSchema,
  giftCardEntryDtoSchema,
  giftCardIssueSchema,
  giftCardListQuerySchema,
  giftCardOfferDtoSchema,
  giftCardOfferInputSchema,
} from "../../../shared/schemas/gift-cards.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * `POST /api/gift-cards/balance`: a card's balance by its code. A wrong, void or empty code all
 * get the same 422 after the same work (one hash, one indexed read), and the route shares the
 * public forms' rate limit, so codes cannot be guessed.
 */
export const giftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/gift-cards/balance",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "A gift card's balance",
        body: giftCardBalanceSchema,
        response: { 200: z.object({ data: z.object({ balance: z.number() }) }), 422: errorBody },
      },
    },
    async (request) => ({ data: await app.services.giftCards.balance(request.body.code) }),
  );

  app.get(
    "/gift-cards/offer",
    {
      schema: {
        summary: "The gift card product: its amounts and custom limits",
        response: { 200: z.object({ data: giftCardOfferDtoSchema }) },
      },
    },
    async () => ({ data: await app.services.giftCards.offer() }),
  );
};

/** `/api/admin/gift-cards` (owner): issue for goodwill, look up by the last four, void. */
export const adminGiftCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { session(): Promise<{ user: { id: number } } | null> }) =>
    (await request.session())?.user.id ?? null;

  app.get(
    "/gift-cards",
    {
      schema: {
        summary: "Gift cards, newest first, or by the code's last four characters",
        querystring: giftCardListQuerySchema,
        response: { 200: z.object({ data: z.array(giftCardDtoSchema) }), 400: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.giftCards.list(request.query.last_four ?? null),
    }),
  );

  app.post(
    "/gift-cards",
    {
      schema: {
        summary: "Issue a gift card (the code is answered once)",
        body: giftCardIssueSchema,
        response: {
          201: z.object({ data: giftCardDtoSchema.extend({ code: z.string() }) }),
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { card, code } = await app.services.giftCards.issue(
        {
          amountCents: request.body.amount,
          recipientEmail: request.body.recipient_email ?? null,
          note: request.body.note ?? null,
          lang: request.body.lang,
        },
        await actorOf(request),
      );
      return reply.status(201).send({ data: { ...card, code } });
    },
  );

  app.get(
    "/gift-cards/offer",
    {
      schema: {
        summary: "The gift card product's offer",
        response: { 200: z.object({ data: giftCardOfferDtoSchema }) },
      },
    },
    async () => ({ data: await app.services.giftCards.offer() }),
  );

  app.put(
    "/gift-cards/offer",
    {
      schema: {
        summary: "Set the gift card product's amounts and custom limits",
        body: giftCardOfferInputSchema,
        response: { 200: z.object({ data: giftCardOfferDtoSchema }), 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.giftCards.setOffer(
        {
          enabled: request.body.enabled,
          amountsCents: request.body.amounts,
          customMinCents: request.body.custom_min,
          customMaxCents: request.body.custom_max,
        },
        await actorOf(request),
      ),
    }),
  );

  app.get(
    "/gift-cards/:id",
    {
      schema: {
        summary: "A gift card and its ledger",
        params: idParam,
        response: {
          200: z.object({
            data: giftCardDtoSchema.extend({ entries: z.array(giftCardEntryDtoSchema) }),
          }),
          404: errorBody,
        },
      },
    },
    async (request) => ({ data: await app.services.giftCards.get(request.params.id) }),
  );

  app.post(
    "/gift-cards/:id/void",
    {
      schema: {
        summary: "Void a gift card",
        params: idParam,
        response: { 200: z.object({ data: giftCardDtoSchema }), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.giftCards.void(request.params.id, await actorOf(request)),
    }),
  );
};
