import type { FastifyInstance } from "fastify";
import { users } from "../db/schema/accounts.ts";
import type { TokenKind } from "../modules/accounts/tokens.ts";

let counter = 0;

/**
 * A user and a bearer token straight in the database (no password hashing: fast). For tests
 * of routes that need a signed-in customer or admin; the login routes have their own tests.
 */
export async function createUserWithToken(
  app: FastifyInstance,
  opts: { admin?: boolean; name?: string; email?: string } = {},
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
  const kind: TokenKind = opts.admin ? "admin" : "customer";
  const { token } = await app.services.tokens.issue(user!.id, kind);
  return { id: user!.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
