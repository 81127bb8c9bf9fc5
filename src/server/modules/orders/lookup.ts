import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Language } from "../../../shared/domain/language.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { emailKey, looksLikeEmail, samePhone } from "../../../shared/domain/order-lookup.ts";
import { orderPath } from "../../../shared/domain/paths.ts";
import {
  ORDER_LOOKUP_MESSAGES,
  type OrderLookupInput,
  orderLookupResponseSchema,
  orderLookupSchema,
} from "../../../shared/schemas/order-lookup.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderLookupKeys } from "../../db/schema/order-lookup.ts";
import { orders } from "../../db/schema/orders.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { addressKey } from "../../plugins/address-key.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { sha256 } from "./place-order.ts";

/** A link found by number and contact works this long; finding the order again gives another. */
export const LOOKUP_KEY_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/**
 * Tries, right or wrong, in the rate-limit store (Redis when configured):
 * - per order number, from every address together: numbers are sequential, so one order's
 *   contact guessed at from many addresses stays an hour's handful of guesses;
 * - per contact (e-mail or phone) and address: one place guessing one person's numbers;
 * - per contact from every address, without locking its owner out: above it an address that
 *   already tried this contact waits, and an address that has not still gets its answer. An
 *   e-mail is no secret: whoever knows it must not be able to shut its owner out of /track.
 * Each address (an IPv6 one by its /64) is also held to the public forms' limit per minute.
 */
export const LOOKUP_LIMITS = {
  perNumber: { max: 10, timeWindow: 60 * 60_000 },
  perContactAndAddress: { max: 10, timeWindow: 60 * 60_000 },
  perContact: { max: 10, timeWindow: 60 * 60_000 },
} as const;

const TOO_MANY = "Too many requests. Please wait a minute and try again.";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Equal e-mails, compared as fixed-length digests so the time says nothing about the prefix. */
function sameEmail(typed: string, onOrder: string | null): boolean {
  return timingSafeEqual(digest(emailKey(typed)), digest(emailKey(onOrder ?? "\u0000")));
}

/** Stands in for an order when the number is unknown, so both paths do the same comparison. */
const NOBODY = { email: "nobody@invalid", phone: "" };

/**
 * The order's private page for a matching (number, e-mail or phone), with a newly issued key
 * (the placer's own key is only stored hashed); null for a wrong pair and an unknown number
 * alike.
 */
export async function findOrderLink(
  db: Db,
  input: OrderLookupInput,
  now = new Date(),
): Promise<string | null> {
  const number = input.number.trim().toUpperCase();
  const [row] = await db
    .select({ id: orders.id, number: orders.number, email: orders.email, phone: orders.phone })
    .from(orders)
    .where(eq(orders.number, number));
  const order = row ?? { id: 0, number, ...NOBODY };
  const matches = looksLikeEmail(input.contact)
    ? sameEmail(input.contact, order.email)
    : samePhone(input.contact, order.phone);
  if (!row || !matches) return null;
  return orderPathWithNewKey(db, row, now);
}

/**
 * The order's private page with a newly issued key (stored hashed, beside the placer's):
 * for a lookup, and for the order messages that link a guest to their order. `lang`: the
 * page's language, so an Arabic e-mail opens the Arabic page (`/ar/order/…`).
 */
export async function orderPathWithNewKey(
  db: Db | Tx,
  order: { id: number; number: string },
  now = new Date(),
  lang: Language = "en",
): Promise<string> {
  const key = randomBytes(32).toString("base64url");
  await db.insert(orderLookupKeys).values({
    orderId: order.id,
    keyHash: sha256(key),
    expiresAt: new Date(now.getTime() + LOOKUP_KEY_LIFETIME_MS),
    createdAt: now,
  });
  return localizePath(lang, orderPath(order.number, key));
}

/** Whether `key` is a live key a lookup issued for this order (the order page's second check). */
export async function foundByLookup(
  db: Db | Tx,
  orderId: number,
  key: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!key) return false;
  const [found] = await db
    .select({ id: orderLookupKeys.id })
    .from(orderLookupKeys)
    .where(
      and(
        eq(orderLookupKeys.keyHash, sha256(key)),
        eq(orderLookupKeys.orderId, orderId),
        gt(orderLookupKeys.expiresAt, now),
      ),
    );
  return Boolean(found);
}

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

/** Counters keyed by a short hash: order numbers and contacts stay out of Redis keys. */
function lookupLimits(app: FastifyInstance) {
  type Key = "number" | "pair" | "contact";
  const keys = new WeakMap<FastifyRequest, Record<Key, string>>();
  const short = (value: string) => digest(value).toString("base64url").slice(0, 22);
  const limiter = (name: Key, limit: { max: number; timeWindow: number }) =>
    app.createRateLimit({
      ...limit,
      keyGenerator: (request: FastifyRequest) =>
        `order-lookup-${name}:${keys.get(request)?.[name]}`,
    });
  const perNumber: Limiter = limiter("number", LOOKUP_LIMITS.perNumber);
  const perPair: Limiter = limiter("pair", LOOKUP_LIMITS.perContactAndAddress);
  const perContact: Limiter = limiter("contact", LOOKUP_LIMITS.perContact);
  const refuse = (ttl: number) =>
    new HttpError(429, TOO_MANY, undefined, {
      "retry-after": String(Math.max(1, Math.ceil(ttl / 1000))),
    });
  return async (request: FastifyRequest, input: OrderLookupInput) => {
    const contact = looksLikeEmail(input.contact)
      ? emailKey(input.contact)
      : input.contact.replace(/\D/g, "").replace(/^0+/, "").slice(-8);
    const contactKey = short(contact);
    keys.set(request, {
      number: short(input.number.trim().toUpperCase()),
      pair: `${contactKey}|${addressKey(request.ip)}`,
      contact: contactKey,
    });
    const number = await perNumber(request);
    // Limits off (tests): nothing is counted.
    if (number.isAllowed) return;
    if (number.isExceeded) throw refuse(number.ttl);
    const pair = await perPair(request);
    if (pair.isAllowed) return;
    if (pair.isExceeded) throw refuse(pair.ttl);
    const total = await perContact(request);
    // This address's first try at this contact in its window is always answered.
    const fresh = pair.remaining === LOOKUP_LIMITS.perContactAndAddress.max - 1;
    if (!total.isAllowed && total.isExceeded && !fresh) throw refuse(pair.ttl);
  };
}

/** `POST /api/orders/lookup { number, contact }` → `{ data: { url } }` or the one 404. */
export const orderLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = lookupLimits(app);
  app.post(
    "/orders/lookup",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Find my order by number and e-mail or phone",
        body: orderLookupSchema,
        response: { 200: orderLookupResponseSchema },
      },
    },
    async (request) => {
      await limit(request, request.body);
      const url = await findOrderLink(app.database.db, request.body);
      if (!url) throw notFound(ORDER_LOOKUP_MESSAGES.NOT_FOUND);
      return { data: { url } };
    },
  );
};
