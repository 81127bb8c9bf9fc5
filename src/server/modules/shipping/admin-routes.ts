import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  carrierInputSchema,
  carrierListResponseSchema,
  carrierResponseSchema,
  idParams,
  refusedCountriesInputSchema,
  refusedCountriesResponseSchema,
  shippingZoneInputSchema,
  shippingZoneListResponseSchema,
  shippingZoneResponseSchema,
} from "../../../shared/schemas/shipping.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const errors = { 400: errorBody, 404: errorBody, 422: errorBody };

/**
 * The owner's shipping screen: zones, the refused list and carriers. Inside the
 * admin plugin, so an admin token is required; every write is audited in its transaction.
 */
export const adminShippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = async (request: { session(): Promise<{ user: { id: number } } | null> }) =>
    (await request.session())?.user.id ?? null;

  app.get(
    "/shipping/zones",
    { schema: { response: { 200: shippingZoneListResponseSchema } } },
    async () => ({
      data: await app.services.shipping.listZones(),
    }),
  );

  app.post(
    "/shipping/zones",
    {
      schema: {
        body: shippingZoneInputSchema,
        response: { 201: shippingZoneResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const zone = await app.services.shipping.createZone(request.body, await actor(request));
      return reply.status(201).send({ data: zone });
    },
  );

  app.put(
    "/shipping/zones/:id",
    {
      schema: {
        params: idParams,
        body: shippingZoneInputSchema,
        response: { 200: shippingZoneResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await app.services.shipping.updateZone(
        request.params.id,
        request.body,
        await actor(request),
      ),
    }),
  );

  app.delete(
    "/shipping/zones/:id",
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.services.shipping.deleteZone(request.params.id, await actor(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/shipping/refused",
    {
      schema: {
        summary: "Places the shop does not deliver to",
        response: { 200: refusedCountriesResponseSchema },
      },
    },
    async () => ({ data: { countries: await app.services.shipping.refused() } }),
  );

  app.put(
    "/shipping/refused",
    {
      schema: {
        summary: "Set the places the shop does not deliver to",
        body: refusedCountriesInputSchema,
        response: { 200: refusedCountriesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: {
        countries: await app.services.shipping.setRefused(
          request.body.countries,
          await actor(request),
        ),
      },
    }),
  );

  app.get(
    "/shipping/carriers",
    { schema: { response: { 200: carrierListResponseSchema } } },
    async () => ({ data: await app.services.shipping.listCarriers() }),
  );

  app.post(
    "/shipping/carriers",
    { schema: { body: carrierInputSchema, response: { 201: carrierResponseSchema, ...errors } } },
    async (request, reply) => {
      const carrier = await app.services.shipping.createCarrier(request.body, await actor(request));
      return reply.status(201).send({ data: carrier });
    },
  );

  app.put(
    "/shipping/carriers/:id",
    {
      schema: {
        params: idParams,
        body: carrierInputSchema,
        response: { 200: carrierResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await app.services.shipping.updateCarrier(
        request.params.id,
        request.body,
        await actor(request),
      ),
    }),
  );

  app.delete(
    "/shipping/carriers/:id",
    { schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await app.services.shipping.deleteCarrier(request.params.id, await actor(request));
      return reply.status(204).send(null);
    },
  );
};
