import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { renderSVG } from "uqr";
import { z } from "zod";
import { kitchenMenuResponseSchema, kitchenQuerySchema } from "../../../shared/schemas/kitchen.ts";
import { publicOrigin } from "../../public-origin.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** `GET /api/kitchen?filter=today|tomorrow|nextWeek`; no filter = today, others 400. */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/kitchen",
    {
      schema: {
        summary: "The kitchen's menu",
        querystring: kitchenQuerySchema,
        response: { 200: kitchenMenuResponseSchema, 400: errorBody },
      },
    },
    async (request) => app.services.kitchen.menu(request.query.filter),
  );

  // The QR banner's code: the kitchen page's public address, drawn here so no QR
  // encoder ships to the browser and nothing is fetched from another service.
  const qrCodes = new Map<string, string>();
  app.get(
    "/kitchen/qr.svg",
    { schema: { summary: "QR code of the kitchen's menu (SVG)" } },
    async (request, reply) => {
      const target = kitchenPageUrl(publicOrigin(request));
      let svg = qrCodes.get(target);
      if (!svg) {
        svg = renderSVG(target, { ecc: "M", border: 2, pixelSize: 8, blackColor: "#2b1d12" });
        if (qrCodes.size > 20) qrCodes.clear(); // a Host header must not grow this forever
        qrCodes.set(target, svg);
      }
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .header("x-qr-target", target)
        .send(svg);
    },
  );
};

/** The public address of /our-kitchen under a base URL (PUBLIC_URL or the request's origin). */
export function kitchenPageUrl(base: string): string {
  return `${base.replace(/\/+$/, "")}/our-kitchen`;
}
