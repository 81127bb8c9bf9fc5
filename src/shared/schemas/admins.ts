import { z } from "zod";

export { passwordChangeSchema as adminPasswordSchema } from "./account.ts";
/** Adding an admin takes what registering takes: name, email, password and its confirmation. */
export { registerSchema as adminCreateSchema } from "./auth.ts";

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** The admin making the request. */
  current: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
