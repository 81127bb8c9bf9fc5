import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { products, productWeightOptions } from "../../db/schema/catalog.ts";
import { coupons } from "../../db/schema/coupons.ts";

let counter = 0;

/** A product straight in the catalog tables (the catalog's own routes have their own tests). */
export async function addProduct(
  db: Db,
  opts: {
    name?: string;
    nameAr?: string;
    priceCents?: number;
    discountPriceCents?: number | null;
    stockGrams?: number | null;
    active?: boolean;
    options?: Array<{ grams: number; priceCents?: number | null }>;
  } = {},
): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(products)
    .values({
      nameEn: opts.name ?? `Sweet ${counter}`,
      nameAr: opts.nameAr ?? `حلوى ${counter}`,
      priceCents: opts.priceCents ?? 2000,
      discountPriceCents: opts.discountPriceCents ?? null,
      sku: `TEST-${counter}-${randomUUID().slice(0, 8)}`,
      stockGrams: opts.stockGrams ?? null,
      active: opts.active ?? true,
    })
    .returning({ id: products.id });
  if (opts.options?.length) {
    await db.insert(productWeightOptions).values(
      opts.options.map((option, position) => ({
        productId: row!.id,
        grams: option.grams,
        priceCents: option.priceCents ?? null,
        position,
      })),
    );
  }
  return row!.id;
}

export async function stockOf(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ stockGrams: products.stockGrams })
    .from(products)
    .where(eq(products.id, id));
  return row!.stockGrams;
}

export async function addCoupon(
  db: Db,
  opts: {
    code: string;
    percent: number;
    maxUses?: number | null;
    uses?: number;
    expireAt?: string | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: opts.code,
      discountPercent: opts.percent,
      maxUses: opts.maxUses ?? null,
      uses: opts.uses ?? 0,
      expireAt: opts.expireAt ?? null,
    })
    .returning({ id: coupons.id });
  return row!.id;
}

export async function couponUses(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, id));
  return row!.uses;
}

/** A valid guest checkout body; override what a test is about. */
export function orderBody(
  lines: Array<{
    productId: number | string;
    grams: number;
    qty: number;
    [extra: string]: unknown;
  }>,
  extra: Record<string, unknown> = {},
) {
  return {
    name: "Layla Haddad",
    phone: "+963 944 000 111",
    email: "layla@example.com",
    country: "SY",
    city: "Damascus",
    address: "Example Street 5",
    notes: "Ring twice",
    payment_method: "cod",
    lines,
    ...extra,
  };
}

export function placeOrder(
  app: FastifyInstance,
  body: unknown,
  opts: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const key = opts.key === undefined ? randomUUID() : opts.key;
  return app.inject({
    method: "POST",
    url: "/api/orders",
    headers: { ...(key === null ? {} : { "idempotency-key": key }), ...opts.headers },
    payload: body as object,
  });
}
