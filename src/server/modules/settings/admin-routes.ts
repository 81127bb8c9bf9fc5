import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminSettingsSchema, settingsInputSchema } from "../../../shared/schemas/settings.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const one = z.object({ data: adminSettingsSchema });

/** `GET/PUT /api/admin/settings`. Inside the admin plugin: an admin token is required. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    { schema: { summary: "Get the shop's settings", response: { 200: one } } },
    async () => ({
      data: await app.services.settings.adminGet(),
    }),
  );

  app.put(
    "/settings",
    {
      schema: {
        summary: "Update the shop's settings",
        body: settingsInputSchema,
        response: { 200: one, 422: errorBody },
      },
    },
    async (request) => {
      const actorId = (await request.session())?.user.id ?? null;
      return { data: await app.services.settings.save(request.body, actorId) };
    },
  );
};
