import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from "../../shared/domain/database-faults.ts";
import { MESSAGES } from "../../shared/domain/validation-messages.ts";
import { cleanText, hasForbiddenChars, TEXT_NOT_ALLOWED } from "../../shared/schemas/fields.ts";
import { HttpError } from "../http-errors.ts";

/** The 503 a request gets while the database cannot be reached. */
export const DATABASE_UNAVAILABLE =
  "The shop is busy for a moment. Please try again in a few seconds.";

type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** "body/lines/0/qty" -> "lines.0.qty": the key clients read field errors by. */
function fieldKey(instancePath: string): string {
  return instancePath.replace(/^\//, "").split("/").filter(Boolean).join(".") || "_";
}

/**
 * Every error leaves as `{ message, errors? }` with the right status. Body validation is 422
 * (the request was understood but its content is wrong); query/params validation is 400.
 * A 5xx never shows internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // The id in every log line of a request, handed to the client to quote when reporting.
    app.addHook("onRequest", (request, reply, done) => {
      reply.header("x-request-id", request.id);
      done();
    });

    // Every route, including ones whose schema forgot `text()` (fields.ts): text PostgreSQL
    // cannot store is refused before validation, keyed by the field, instead of a 500 later.
    app.addHook("preValidation", (request, _reply, done) => {
      // A query string is what someone typed in a search box: such characters are dropped
      // there (the catalog search always did), so a search never fails on them.
      const query = request.query as Record<string, unknown> | undefined;
      if (query && typeof query === "object") {
        for (const [key, value] of Object.entries(query)) {
          if (typeof value === "string" && hasForbiddenChars(value)) query[key] = cleanText(value);
          else if (Array.isArray(value))
            query[key] = value.map((v) => (typeof v === "string" ? cleanText(v) : v));
        }
      }
      const parts = [
        ["body", request.body, 422],
        ["params", request.params, 400],
      ] as const;
      for (const [, value, status] of parts) {
        const bad = forbiddenTextPaths(value);
        if (bad.length) {
          const errors = Object.fromEntries(bad.map((key) => [key, [TEXT_NOT_ALLOWED]]));
          return done(new HttpError(status, TEXT_NOT_ALLOWED, errors));
        }
      }
      done();
    });

    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        const body: ErrorBody = { message: error.message };
        if (error.errors) body.errors = error.errors;
        return reply.status(error.status).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const key = fieldKey(issue.instancePath ?? "");
          (errors[key] ??= []).push(issue.message ?? "Invalid value.");
        }
        const status = error.validationContext === "body" ? 422 : 400;
        const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
        return reply.status(status).send({ message: first, errors } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status === 413) {
        return reply.status(413).send({ message: "The request is too large." });
      }
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: clientMessage(error) });
      }
      // The database restarting or a connection dropped: this request fails, the process and
      // the pool carry on, and the client may retry (an order with its Idempotency-Key).
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, "database unavailable: answered 503");
        return reply
          .status(503)
          .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ message: DATABASE_UNAVAILABLE, request_id: request.id });
      }
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({
        message: "Something went wrong on our side. Please try again.",
        request_id: request.id,
      });
    });

    // The fixed "not found" text; the path is not echoed back.
    app.setNotFoundHandler((_request, reply) => {
      reply.status(404).send({ message: MESSAGES.NOT_FOUND });
    });
  },
  { name: "errors" },
);

/** Fastify answers these before any route or hook runs; they get the shop's shape too. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send({ message: "The address is too long." });
  }
  return reply.status(400).send({ message: "The address is not valid." });
}

const MAX_WALK = 10_000;

/** Paths ("lines.0.name") of strings PostgreSQL cannot store, in parsed JSON/query/params. */
export function forbiddenTextPaths(root: unknown): string[] {
  // Most requests carry nothing (GET without a body) or flat params like `{ id: "3" }`: those
  // are answered without the walk's allocations.
  if (root === undefined || root === null || isCleanFlatRecord(root)) return [];
  const found: string[] = [];
  const seen = new Set<object>();
  const stack: Array<[unknown, string[]]> = [[root, []]];
  let visited = 0;
  while (stack.length && visited++ < MAX_WALK && found.length < 20) {
    const [value, path] = stack.pop()!;
    if (typeof value === "string") {
      if (hasForbiddenChars(value)) found.push(path.join(".") || "_");
      continue;
    }
    if (!value || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push([item, [...path, String(i)]]);
    } else if (
      !ArrayBuffer.isView(value) &&
      typeof (value as { pipe?: unknown }).pipe !== "function"
    ) {
      // Plain data (JSON, the query parser's prototype-less objects); not files or streams.
      for (const [key, item] of Object.entries(value)) {
        if (hasForbiddenChars(key)) found.push([...path, "_"].join("."));
        else stack.push([item, [...path, key]]);
      }
    }
  }
  return found.reverse();
}

/** A plain object whose keys and values are clean strings, numbers or booleans. */
function isCleanFlatRecord(value: unknown): boolean {
  if (typeof value !== "object" || Array.isArray(value) || ArrayBuffer.isView(value)) return false;
  if (typeof (value as { pipe?: unknown }).pipe === "function") return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (hasForbiddenChars(key)) return false;
    if (typeof item === "string") {
      if (hasForbiddenChars(item)) return false;
    } else if (typeof item !== "number" && typeof item !== "boolean" && item != null) {
      return false;
    }
  }
  return true;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      return error.message || "Bad request.";
  }
}
