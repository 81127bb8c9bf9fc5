import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ADMIN } from "../../../shared/domain/admins.ts";
import {
  adminCreateSchema,
  adminMeSchema,
  adminPasswordSchema,
  adminUpdateSchema,
  adminUserSchema,
} from "../../../shared/schemas/admins.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import { unauthorized } from "../../http-errors.ts";
import { signInLimits } from "../accounts/sign-in-limits.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * `GET/POST /api/admin/admins`, `PUT /api/admin/admins/{id}` (roles; the last owner stays one:
 * 422), `DELETE /api/admin/admins/{id}` (never the last: 409; never the last owner: 422): the
 * owner's (app.ts). Every admin's own: `GET /api/admin/me` and `PUT /api/admin/password` (the
 * current password is checked and every other session of yours ends).
 */
export const adminAdminsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessionOf = async (request: { session(): Promise<unknown> }) => {
    const session = (await request.session()) as {
      tokenId: number;
      user: { id: number; name: string; email: string };
    } | null;
    if (!session) throw unauthorized();
    return session;
  };

  app.get(
    "/me",
    {
      config: { roles: ANY_ADMIN },
      schema: {
        summary: "The signed-in admin and their roles",
        response: { 200: z.object({ data: adminMeSchema }) },
      },
    },
    async (request) => ({ data: await app.services.admins.me((await sessionOf(request)).user) }),
  );

  app.get(
    "/admins",
    { schema: { response: { 200: z.object({ data: z.array(adminUserSchema) }) } } },
    async (request) => ({
      data: await app.services.admins.list((await sessionOf(request)).user.id),
    }),
  );

  app.post(
    "/admins",
    {
      schema: {
        body: adminCreateSchema,
        response: { 201: z.object({ data: adminUserSchema }), 422: errorBody },
      },
    },
    async (request, reply) => {
      const { user } = await sessionOf(request);
      const data = await app.services.admins.create(request.body, user.id);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    "/admins/:id",
    {
      schema: {
        params: idParam,
        body: adminUpdateSchema,
        response: { 200: z.object({ data: adminUserSchema }), 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      return {
        data: await app.services.admins.update(request.params.id, request.body, user.id),
      };
    },
  );

  app.delete(
    "/admins/:id",
    {
      schema: {
        params: idParam,
        response: {
          200: z.object({ data: z.object({ id: z.number().int() }) }),
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      await app.services.admins.remove(request.params.id, user.id);
      return { data: { id: request.params.id } };
    },
  );

  // The current password is checked: the sign-in limits apply, on this admin's account.
  const limits = signInLimits(app);
  app.put(
    "/password",
    {
      config: { roles: ANY_ADMIN },
      preHandler: async (request) => limits.check(request, (await sessionOf(request)).user.email),
      schema: {
        summary: "Change my admin password",
        body: adminPasswordSchema,
        response: { 200: z.object({ data: z.object({ ok: z.literal(true) }) }), 422: errorBody },
      },
    },
    async (request) => {
      const { tokenId, user } = await sessionOf(request);
      await limits.counting(request, () =>
        app.services.accounts.changePassword(user.id, tokenId, request.body),
      );
      return { data: { ok: true as const } };
    },
  );
};
