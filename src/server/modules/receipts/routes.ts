import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RECEIPT_MESSAGES } from "../../../shared/domain/receipts.ts";
import { orderAccessQuerySchema, orderNumberParams } from "../../../shared/schemas/order.ts";
import {
  receiptListResponseSchema,
  receiptResponseSchema,
} from "../../../shared/schemas/receipt.ts";
import { HttpError } from "../../http-errors.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { viewerOf } from "../orders/viewer.ts";
import { MAX_RECEIPT_BYTES } from "./service.ts";

const refuse = (status: 413 | 422, message: string) =>
  new HttpError(status, message, { file: [message] });

/**
 * Issue 24: a customer who paid by bank transfer sends the receipt from the private order
 * page (its key, or the signed-in owner). One file per request, in the `file` field.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });

  app.post(
    "/orders/:number/receipt",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Upload a bank-transfer receipt",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
        response: { 201: receiptResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw refuse(422, RECEIPT_MESSAGES.REQUIRED);
      let buffer: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === "file" && part.fieldname === "file" && buffer === null)
            buffer = await part.toBuffer();
          else if (part.type === "file") await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw refuse(413, RECEIPT_MESSAGES.TOO_LARGE);
        // Anything else here is the body itself (no boundary, a cut-off part): unreadable.
        throw refuse(422, RECEIPT_MESSAGES.REQUIRED);
      }
      if (!buffer) throw refuse(422, RECEIPT_MESSAGES.REQUIRED);
      const receipt = await app.services.receipts.upload(
        request.params.number,
        await viewerOf(request, request.query.key),
        buffer,
      );
      return reply.status(201).send({ data: receipt });
    },
  );

  app.get(
    "/orders/:number/receipts",
    {
      schema: {
        summary: "List an order's receipts",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
        response: { 200: receiptListResponseSchema },
      },
    },
    async (request) => {
      return {
        data: await app.services.receipts.listForViewer(
          request.params.number,
          await viewerOf(request, request.query.key),
        ),
      };
    },
  );
};
