import type { FastifyError, FastifyInstance } from "fastify";
import { HttpError } from "./http-errors.ts";

/**
 * A business rule refused the request (shipping, stock, coupon). Besides the usual
 * `{ message, errors }` the body carries a machine `code`/`reason` and the Arabic wording, so
 * the checkout screen can show the refusal in the shopper's language.
 */
export class RuleError extends HttpError {
  constructor(
    status: number,
    field: string,
    message: string,
    readonly extra: Record<string, unknown>,
  ) {
    super(status, message, { [field]: [message] });
  }
}

/**
 * Installed in the orders and coupons route plugins (encapsulated, so only there): a
 * RuleError keeps its extra fields; anything else goes on to the shop's error handler.
 */
export function answerRuleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, _request, reply) => {
    if (error instanceof RuleError) {
      return reply
        .status(error.status)
        .send({ message: error.message, errors: error.errors, ...error.extra });
    }
    throw error;
  });
}
