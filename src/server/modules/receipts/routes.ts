import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  RECEIPT_BYTES_PER_ADDRESS_HOUR,
  RECEIPT_MESSAGES,
} from "../../../shared/domain/receipts.ts";
import { orderAccessQuerySchema, orderNumberParams } from "../../../shared/schemas/order.ts";
import {
  receiptListResponseSchema,
  receiptResponseSchema,
} from "../../../shared/schemas/receipt.ts";
import { HttpError } from "../../http-errors.ts";
import { addressKey } from "../../plugins/address-key.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { viewerOf } from "../orders/viewer.ts";
import { MAX_RECEIPT_BYTES } from "./service.ts";

const refuse = (status: 413 | 422, message: string) =>
  new HttpError(status, message, { file: [message] });

/** Bytes are counted in mebibytes: a 10 MB file is ten counts, a small photo one. */
const MIB = 1024 * 1024;
const UNITS_PER_HOUR = Math.ceil(RECEIPT_BYTES_PER_ADDRESS_HOUR / MIB);

/**
 * The receipt bytes one address sends in an hour, counted in the rate-limit store (Redis when
 * configured, so every instance shares one budget; else this process: ADR 0015). Every byte
 * received counts, refused files too: the disk, the bandwidth and the PDF check are spent
 * either way. An IPv6 address counts by its /64 (one subscriber's network). `charge` throws
 * 429 with Retry-After once the hour's budget is used up.
 */
function receiptBytesLimit(app: FastifyInstance) {
  const options = {
    max: UNITS_PER_HOUR,
    timeWindow: 60 * 60_000,
    // Read by the in-process store only (not in the plugin's option type).
    cache: 50_000,
    keyGenerator: (request: FastifyRequest) => `receipt-bytes:${addressKey(request.ip)}`,
  };
  const limiter = app.createRateLimit(options);
  return {
    async charge(request: FastifyRequest, bytes: number): Promise<void> {
      // One past the budget is refused whatever the size: no need to count a 1 GB claim.
      const units = Math.min(Math.max(1, Math.ceil(bytes / MIB)), UNITS_PER_HOUR + 1);
      for (let i = 0; i < units; i++) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded)
          throw new HttpError(
            429,
            RECEIPT_MESSAGES.TOO_MUCH,
            { file: [RECEIPT_MESSAGES.TOO_MUCH] },
            {
              "retry-after": String(Math.max(1, Math.ceil(result.ttl / 1000))),
            },
          );
      }
    },
  };
}

/**
 * A customer who paid by bank transfer sends the receipt from the private order
 * page (its key, or the signed-in owner). One file per request, in the `file` field.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
  const bytesLimit = receiptBytesLimit(app);
  /** What a request announced, counted before its body is read (a body never exceeds it). */
  const announced = new WeakMap<FastifyRequest, number>();

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
      preHandler: async (request) => {
        const length = Number(request.headers["content-length"]);
        const bytes = Number.isSafeInteger(length) && length > 0 ? length : 0;
        announced.set(request, bytes);
        await bytesLimit.charge(request, bytes);
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
      // A body sent without its length (chunked) is counted now that it is read.
      const counted = Math.ceil((announced.get(request) ?? 0) / MIB);
      const read = Math.ceil(buffer.length / MIB);
      if (read > Math.max(1, counted))
        await bytesLimit.charge(request, (read - Math.max(1, counted)) * MIB);
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
