import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tokens, users } from "../../db/schema/accounts.ts";
import { adminSignInChallenges } from "../../db/schema/two-factor.ts";
import { hashPassword } from "./passwords.ts";

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

export type AdminCredentials = { email: string; password: string | null; created: boolean };

/**
 * Creates or promotes an admin. Used by `npm run create-admin` and by the first start, which
 * uses ADMIN_EMAIL / ADMIN_PASSWORD or generates a password that is printed only once.
 */
export async function upsertAdmin(
  db: Db,
  email: string,
  password: string,
  name = "Admin",
): Promise<{ created: boolean }> {
  const passwordHash = await hashPassword(password);
  // The owner gave this address (ADMIN_EMAIL, the command): it counts as verified.
  const emailVerifiedAt = new Date();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (existing) {
    // A reset: the new password ends every session of that account.
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isAdmin: true, passwordHash, emailVerifiedAt, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await tx
        .update(tokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(tokens.userId, existing.id), isNull(tokens.revokedAt)));
      // And the code step starts afresh, as after any new password.
      await tx.delete(adminSignInChallenges).where(eq(adminSignInChallenges.userId, existing.id));
    });
    return { created: false };
  }
  await db.insert(users).values({ name, email, passwordHash, isAdmin: true, emailVerifiedAt });
  return { created: true };
}

export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string; password?: string },
): Promise<AdminCredentials | null> {
  if (opts.password) {
    // ADMIN_PASSWORD alone sets the password of the default admin address, but only seeds it:
    // once that admin exists, a password changed in the back office survives restarts
    //. `npm run create-admin` is the reset.
    const email = opts.email ?? DEFAULT_ADMIN_EMAIL;
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isAdmin, true)));
    if (admin) return { email, password: null, created: false };
    const { created } = await upsertAdmin(db, email, opts.password);
    return { email, password: opts.password, created };
  }
  const [anyAdmin] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  if (anyAdmin) return { email: anyAdmin.email, password: null, created: false };
  const email = opts.email ?? DEFAULT_ADMIN_EMAIL;
  const password = randomBytes(12).toString("base64url");
  await upsertAdmin(db, email, password);
  return { email, password, created: true };
}
