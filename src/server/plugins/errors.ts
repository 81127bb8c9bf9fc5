import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../http-errors.ts";

type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** "body/lines/0/qty" -> "lines.0.qty": the key SPEC's client reads field errors by. */
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
      request.log.error({ err: error }, "request failed");
      return reply
        .status(500)
        .send({ message: "Something went wrong on our side. Please try again." });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .send({ message: `No route for ${request.method} ${request.url.split("?")[0]}` });
    });
  },
  { name: "errors" },
);

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
