import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { CAPACITY_MESSAGES } from "../../../shared/domain/ready-days.ts";
import {
  type AdminOrderFilters,
  adminOrderDetailResponseSchema,
  adminOrderLinesSchema,
  adminOrderListResponseSchema,
  adminOrderNoteSchema,
  adminOrderPaymentSchema,
  adminOrderRefundSchema,
  adminOrderStatusSchema,
  adminOrdersCsvQuerySchema,
  adminOrdersQuerySchema,
  adminOrderWeightsSchema,
  adminPaymentLinkResponseSchema,
  adminPaymentLinkSchema,
  timelineEntrySchema,
} from "../../../shared/schemas/admin-order.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import { idempotencyKeySchema } from "../../../shared/schemas/order.ts";
import { adminPlaceOrderBodySchema } from "../../../shared/schemas/order-phones.ts";
import { forbidden } from "../../http-errors.ts";
import { publicOrigin } from "../../public-origin.ts";
import { answerRuleErrors } from "../../rule-error.ts";
import { linesOfOrders, ordersCsvStream } from "./admin-csv.ts";
import { customerAccount } from "./staff-order.ts";

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.adminOrders;
  // A staff order is refused like checkout's (stock, coupon, shipping: code and Arabic text).
  answerRuleErrors(app);

  const sendCsv = (reply: FastifyReply, filters: AdminOrderFilters, lines = false) =>
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="orders-${businessDate(new Date())}.csv"`,
      )
      .header("cache-control", "no-store")
      .send(
        ordersCsvStream(service(), filters, {
          lines: lines ? (ids) => linesOfOrders(app.database.db, ids) : undefined,
        }),
      );

  app.get(
    "/orders",
    // `?format=csv` answers a stream, JSON a string built once: neither is serialised here,
    // the schema documents the JSON.
    {
      schema: {
        summary: "List orders (JSON, or CSV with ?format=csv)",
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListResponseSchema },
      },
    },
    async (request, reply) => {
      const { format, page, per_page, ...filters } = request.query;
      if (format === "csv") return sendCsv(reply, filters);
      // Serialised once per orders desk version: a string skips the per-request serialiser.
      const json = await service().listJson({ ...filters, page, per_page });
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  // An order taken by phone, on the messaging app or in person. Checkout's own
  // placeOrder (same pricing, stock, coupon, shipping and idempotency), with the admin as its
  // author; the answer is the desk's order plus the private link's key, like checkout's.
  app.post(
    "/orders",
    {
      schema: {
        summary: "Take an order for a customer (phone, messaging app, in person)",
        headers: z.object({ "idempotency-key": idempotencyKeySchema }),
        body: adminPlaceOrderBodySchema,
        response: { 200: adminOrderDetailResponseSchema, 201: adminOrderDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const { source, customer_id, override_capacity, ...input } = request.body;
      // Booking past the kitchen's limits is the owner's call alone.
      if (override_capacity && !(await request.adminRoles()).includes("owner"))
        throw forbidden(CAPACITY_MESSAGES.OVERRIDE_FORBIDDEN);
      const customer =
        customer_id === null ? null : await customerAccount(app.database.db, customer_id);
      const { dto, created, id } = await app.services.orders.place(input, {
        idempotencyKey: request.headers["idempotency-key"],
        user: customer,
        staff: {
          adminId: session.user.id,
          source,
          ...(override_capacity ? { overrideCapacity: true } : {}),
        },
      });
      // The author has seen it: it does not wait on the desk as new.
      const detail = await service().detail(id, session.user.id);
      if (!created) reply.header("idempotent-replayed", "true");
      return reply
        .status(created ? 201 : 200)
        .send({ data: { ...detail, access_key: dto.access_key } });
    },
  );

  app.get(
    "/orders.csv",
    { schema: { summary: "Export orders as CSV", querystring: adminOrdersCsvQuerySchema } },
    async (request, reply) => {
      const { lines, ...filters } = request.query;
      return sendCsv(reply, filters, lines);
    },
  );

  app.get(
    "/orders/:id",
    {
      schema: {
        summary: "Get an order",
        params: idParam,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return { data: await service().detail(request.params.id, session.user.id) };
    },
  );

  app.patch(
    "/orders/:id",
    {
      schema: {
        summary: "Update an order's status or shipping",
        params: idParam,
        body: adminOrderStatusSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return {
        data: await service().changeStatus(request.params.id, request.body, session.user.id),
      };
    },
  );

  // Payment state beside the status, moved only by the owner (or a gateway event).
  app.post(
    "/orders/:id/payments",
    {
      schema: {
        summary: "Record a payment",
        params: idParam,
        body: adminOrderPaymentSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return {
        data: await service().markPaid(request.params.id, request.body, session.user.id),
      };
    },
  );

  // A refund: everything received, an amount, or chosen lines; through the gateway for card
  // payments. The same Idempotency-Key again refunds nothing more.
  app.post(
    "/orders/:id/refund",
    {
      schema: {
        summary: "Refund an order (all, an amount or chosen lines)",
        params: idParam,
        headers: z.object({ "idempotency-key": idempotencyKeySchema.optional() }),
        body: adminOrderRefundSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const { replayed } = await app.services.orderChanges.refund(
        request.params.id,
        request.body,
        session.user.id,
        { idempotencyKey: request.headers["idempotency-key"] ?? null },
      );
      if (replayed) reply.header("idempotent-replayed", "true");
      return { data: await service().detail(request.params.id) };
    },
  );

  // The desk's edit of a placed order: the complete new list of lines on the version it read.
  app.patch(
    "/orders/:id/lines",
    {
      schema: {
        summary: "Change an order's lines, shipping method, ready day or address",
        params: idParam,
        body: adminOrderLinesSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      await app.services.orderChanges.editLines(request.params.id, request.body, session.user.id);
      return { data: await service().detail(request.params.id) };
    },
  );

  // The packer's weighed grams per line.
  app.put(
    "/orders/:id/weights",
    {
      schema: {
        summary: "Record the weighed grams of an order's lines",
        params: idParam,
        body: adminOrderWeightsSchema,
        response: { 200: adminOrderDetailResponseSchema },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      await app.services.orderChanges.recordWeights(
        request.params.id,
        request.body,
        session.user.id,
      );
      return { data: await service().detail(request.params.id) };
    },
  );

  // A card payment link for what an unpaid or balance-due order owes.
  app.post(
    "/orders/:id/payment-link",
    {
      schema: {
        summary: "Create a card payment link for what the order owes",
        params: idParam,
        body: adminPaymentLinkSchema,
        response: { 201: adminPaymentLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const link = await app.services.orderChanges.paymentLink(request.params.id, request.body);
      return reply.code(201).send({ data: link });
    },
  );

  // The prefilled messaging-app message for the customer, with a private link.
  app.post(
    "/orders/:id/message",
    {
      schema: {
        summary: "Prepare a message to the customer",
        params: idParam,
        response: {
          200: z.object({
            data: z.object({
              text: z.string(),
              phone: z.string().nullable(),
              link: z.string(),
              lang: z.enum(["en", "ar"]),
            }),
          }),
        },
      },
    },
    async (request) => ({
      data: await service().customerMessage(request.params.id, publicOrigin(request)),
    }),
  );

  app.post(
    "/orders/:id/notes",
    {
      schema: {
        summary: "Add a note to an order",
        params: idParam,
        body: adminOrderNoteSchema,
        response: { 201: z.object({ data: timelineEntrySchema }) },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const note = await service().addNote(request.params.id, request.body.body, session.user.id);
      return reply.code(201).send({ data: note });
    },
  );
};
