import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  adminOrderDetailResponseSchema,
  adminOrderListResponseSchema,
  adminOrderStatusSchema,
  adminOrdersQuerySchema,
} from "../../../shared/schemas/order.ts";

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/orders",
    {
      schema: {
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListResponseSchema },
      },
    },
    async (request) => app.services.orders.adminList(request.query),
  );

  app.get(
    "/orders/:id",
    { schema: { params: idParam, response: { 200: adminOrderDetailResponseSchema } } },
    async (request) => ({ data: await app.services.orders.adminDetail(request.params.id) }),
  );

  app.patch(
    "/orders/:id",
    {
      schema: {
        params: idParam,
        body: adminOrderStatusSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return {
        data: await app.services.orders.changeStatus(
          request.params.id,
          request.body,
          session.user.id,
        ),
      };
    },
  );
};
