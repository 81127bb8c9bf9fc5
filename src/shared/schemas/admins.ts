import { z } from "zod";
import { ADMIN_ROLES, ADMINS_MESSAGES } from "../domain/admins.ts";
import { registerSchema } from "./auth.ts";

export { passwordChangeSchema as adminPasswordSchema } from "./account.ts";

/** One or more roles, each from the list; stored once each, in the list's order. */
export const adminRolesField = z
  .array(z.enum(ADMIN_ROLES, { message: ADMINS_MESSAGES.ROLE_UNKNOWN }), {
    message: ADMINS_MESSAGES.ROLES_REQUIRED,
  })
  .min(1, ADMINS_MESSAGES.ROLES_REQUIRED)
  .max(ADMIN_ROLES.length * 2, ADMINS_MESSAGES.ROLE_UNKNOWN);

/**
 * Adding an admin takes what registering takes (name, email, password and its confirmation)
 * and the roles; without `roles` (an older client) the new admin is an owner, as every admin
 * was before roles.
 */
export const adminCreateSchema = registerSchema.safeExtend({ roles: adminRolesField.optional() });
export type AdminCreateInput = z.infer<typeof adminCreateSchema>;

/** `PUT /api/admin/admins/{id}`: the admin's new roles. */
export const adminUpdateSchema = z.object({ roles: adminRolesField });
export type AdminUpdateInput = z.infer<typeof adminUpdateSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  created_at: z.string(),
  /** The admin making the request. */
  current: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/me`: the signed-in admin and what they may do. */
export const adminMeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  two_factor: z.boolean(),
  /** The owner requires two-factor sign-in and this admin has not set it up yet. */
  two_factor_setup_required: z.boolean(),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
