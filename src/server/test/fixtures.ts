import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AdminRole } from "../../shared/domain/admins.ts";
import { users } from "../db/schema/accounts.ts";
import { adminRoles } from "../db/schema/admins.ts";
import { orders } from "../db/schema/orders.ts";
import type { TokenKind } from "../modules/accounts/tokens.ts";

let counter = 0;

/** A signed-in test account: its id, e-mail, bearer token and the header that carries it. */
export type TestUser = {
  id: number;
  email: string;
  token: string;
  auth: { authorization: string };
};

/**
 * A user and a bearer token straight in the database (no password hashing: fast). For tests
 * of routes that need a signed-in customer or admin; the login routes have their own tests.
 */
export async function createUserWithToken(
  app: FastifyInstance,
  opts: { admin?: boolean; name?: string; email?: string; roles?: AdminRole[] } = {},
): Promise<TestUser> {
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

type Auth = { authorization: string };

/** The number of orders placed to `city`: tests give each case a city of its own. */
export async function ordersIn(app: FastifyInstance, city: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.city, city));
  return row!.n;
}

/** A category through the admin API (so its audit and content version follow); its id. */
export async function createCategory(
  app: FastifyInstance,
  auth: Auth,
  payload: { name: string; name_ar: string } & Record<string, unknown>,
): Promise<number> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/categories",
    headers: auth,
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`category not created: ${res.body}`);
  return res.json().data.id;
}

/** A price list through the admin API; its id. Products and categories default to none. */
export async function createPriceList(
  app: FastifyInstance,
  auth: Auth,
  payload: { name: string; min_order_total: number } & Record<string, unknown>,
): Promise<number> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/price-lists",
    headers: auth,
    payload: { products: [], categories: [], ...payload },
  });
  if (res.statusCode !== 201) throw new Error(`price list not created: ${res.body}`);
  return res.json().data.id;
}

/**
 * An active trader on `price_list_id`, created by the owner through the admin API (which makes
 * its account), signed in: the trader's id, its account's id and the account's bearer header.
 * A German distributor on 30 days' terms with a 5,000 limit unless the payload says otherwise.
 */
export async function createTrader(
  app: FastifyInstance,
  ownerAuth: Auth,
  payload: { price_list_id: number } & Record<string, unknown>,
): Promise<{ id: number; userId: number; auth: Auth }> {
  counter += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/traders",
    headers: ownerAuth,
    payload: {
      company_name: "Haddad Feinkost",
      contact_name: "Omar",
      email: `trader${counter}-${Date.now()}@example.com`,
      phone: "+49 30 000000",
      country: "DE",
      terms_days: 30,
      credit_limit: 5000,
      ...payload,
    },
  });
  if (res.statusCode !== 201) throw new Error(`trader not created: ${res.body}`);
  const row = res.json().data;
  const { token } = await app.services.tokens.issue(row.user_id, "customer");
  return { id: row.id, userId: row.user_id, auth: { authorization: `Bearer ${token}` } };
}
