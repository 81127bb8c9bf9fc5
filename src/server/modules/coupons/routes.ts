import type { RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { couponCheckResponseSchema, couponCheckSchema } from "../../../shared/schemas/coupon.ts";
import { answerRuleErrors } from "../../rule-error.ts";

/** People try a code or two; guessing codes by the hundred is what this limit stops. */
const couponCheckRateLimit: RateLimitOptions = { max: 30, timeWindow: "1 minute" };

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  answerRuleErrors(app);

  app.post(
    "/coupons/check",
    {
      config: { rateLimit: couponCheckRateLimit },
      schema: {
        summary: "Check a coupon code",
        body: couponCheckSchema,
        response: { 200: couponCheckResponseSchema },
      },
    },
    async (request) => ({ data: await app.services.coupons.check(request.body) }),
  );
};
