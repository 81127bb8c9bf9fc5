import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminRole } from "../../shared/domain/admins.ts";
import { users } from "../db/schema/accounts.ts";
import { adminRoles } from "../db/schema/admins.ts";
import type { TokenKind } from "../modules/accounts/tokens.ts";

let counter = 0;

/**
 * A user and a bearer token straight in the database (no password hashing: fast). For tests
 * of routes that need a signed-in customer or admin; the login routes have their own tests.
 */
export async function createUserWithToken(
  app: FastifyInstance,
  opts: { admin?: boolean; name?: string; email?: string; roles?: AdminRole[] } = {},
): Promise<{ id: number; email: string; token: string; auth: { authorization: string } }> {
  counter += 1;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.com`;
  const [user] = await app.database.db
    .insert(users)
    .values({
      name: opts.name ?? `Test User ${counter}`,
      email,
      passwordHash: "not-a-real-hash",
      isAdmin: Boolean(opts.admin),
    })
    .returning({ id: users.id });
  // An admin is an owner (the flag's trigger) unless the test names its roles.
  if (opts.admin && opts.roles) {
    await app.database.db.delete(adminRoles).where(eq(adminRoles.userId, user!.id));
    if (opts.roles.length > 0)
      await app.database.db
        .insert(adminRoles)
        .values(opts.roles.map((role) => ({ userId: user!.id, role })));
  }
  const kind: TokenKind = opts.admin ? "admin" : "customer";
  const { token } = await app.services.tokens.issue(user!.id, kind);
  return { id: user!.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
