import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { localizePath } from "../../../shared/domain/language-path.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { productSegment } from "../../../shared/domain/slug.ts";
import {
  hasStockFor,
  productOptions,
  smallestGrams,
  type WeightOption,
} from "../../../shared/domain/weight-options.ts";
import { RESTOCK_ALERT_DAYS, RESTOCK_MESSAGES } from "../../../shared/schemas/restock-alerts.ts";
import type { Db } from "../../db/client.ts";
import { products, productWeightOptions } from "../../db/schema/catalog.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { restockAlerts } from "../../db/schema/restock-alerts.ts";
import { notFound, unprocessable } from "../../http-errors.ts";
import { restockMail } from "./mail.ts";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const DAY_MS = 24 * 60 * 60 * 1000;
/** Alerts one pass sends at most (the next pass takes the rest). */
const BATCH = 50;

// "products.id" spelt out: in a select from one table drizzle writes a bare "id", which
// inside this subquery would name the option's own id.
const optionsSql = sql<WeightOption[] | string | null>`(
  select json_agg(json_build_object('grams', o.grams, 'priceCents', o.price_cents)
                  order by o.position, o.grams)
  from ${productWeightOptions} o where o.product_id = products.id)`;

const parseOptions = (raw: WeightOption[] | string | null): WeightOption[] =>
  ((typeof raw === "string" ? JSON.parse(raw) : raw) ?? []) as WeightOption[];

export function createRestockAlertService(db: Db) {
  return {
    /**
     * Records an address waiting for a sold-out product (or weight). 404 for a product not on
     * sale, 422 when it is in stock or the weight is not one it sells. Asking twice keeps one.
     */
    async subscribe(input: {
      productId: number;
      email: string;
      grams?: number;
      lang: Lang;
    }): Promise<void> {
      const [product] = await db
        .select({ stockGrams: products.stockGrams, options: optionsSql })
        .from(products)
        .where(and(eq(products.id, input.productId), eq(products.active, true)));
      if (!product) throw notFound("Product not found.");
      const options = productOptions(parseOptions(product.options));
      if (input.grams !== undefined && !options.some((o) => o.grams === input.grams))
        throw unprocessable("grams", RESTOCK_MESSAGES.WEIGHT_UNKNOWN);
      const grams = input.grams ?? smallestGrams(options);
      if (hasStockFor(product.stockGrams, grams))
        throw unprocessable("product", RESTOCK_MESSAGES.IN_STOCK);
      await db
        .insert(restockAlerts)
        .values({
          productId: input.productId,
          email: input.email,
          grams: input.grams ?? null,
          lang: input.lang,
        })
        // Asked before: the first request stands (the unique index on product, address, weight).
        .onConflictDoNothing();
    },

    /** The one-click stop: the address's waiting alerts go. Unknown or used tokens are fine. */
    async stop(token: string): Promise<number> {
      const gone = await db
        .delete(restockAlerts)
        .where(eq(restockAlerts.stopTokenHash, hashToken(token)))
        .returning({ id: restockAlerts.id });
      return gone.length;
    },

    /**
     * One pass of the job: deletes alerts older than 90 days, then, for alerts whose product
     * is on sale and has stock for the weight asked, queues the e-mail and deletes the alert in
     * the same transaction. The alerts are read FOR UPDATE SKIP LOCKED, so two instances never
     * send one twice. Returns how many e-mails were queued.
     */
    async runOnce(now: Date, opts: { baseUrl: string }): Promise<number> {
      await db
        .delete(restockAlerts)
        .where(lt(restockAlerts.createdAt, new Date(now.getTime() - RESTOCK_ALERT_DAYS * DAY_MS)));
      return db.transaction(async (tx) => {
        const smallest = sql`coalesce(${restockAlerts.grams}, (select min(o.grams) from ${productWeightOptions} o where o.product_id = products.id), 1000)`;
        const due = await tx
          .select({
            id: restockAlerts.id,
            email: restockAlerts.email,
            lang: restockAlerts.lang,
            productId: products.id,
            nameEn: products.nameEn,
            nameAr: products.nameAr,
          })
          .from(restockAlerts)
          .innerJoin(products, eq(products.id, restockAlerts.productId))
          .where(
            and(
              eq(products.active, true),
              sql`(${products.stockGrams} is null or ${products.stockGrams} >= ${smallest})`,
            ),
          )
          .orderBy(restockAlerts.id)
          .limit(BATCH)
          .for("update", { of: restockAlerts, skipLocked: true });
        if (due.length === 0) return 0;
        const mails = due.map((alert) => {
          const lang = alert.lang;
          const name = lang === "ar" && alert.nameAr ? alert.nameAr : alert.nameEn;
          const token = randomBytes(32).toString("base64url");
          const product = `${opts.baseUrl}${localizePath(lang, `/product/${productSegment(alert.productId, name)}`)}`;
          const stop = `${opts.baseUrl}/api/restock-alerts/stop?token=${token}`;
          return { alert, token, mail: restockMail(lang, name, { product, stop }) };
        });
        await tx
          .insert(mailOutbox)
          .values(
            mails.map(({ alert, mail }) => ({ kind: "restock_alert", to: alert.email, ...mail })),
          );
        await tx.delete(restockAlerts).where(
          inArray(
            restockAlerts.id,
            due.map((d) => d.id),
          ),
        );
        // Each e-mail's stop link reaches the address's alerts still waiting.
        for (const { alert, token } of mails) {
          await tx
            .update(restockAlerts)
            .set({ stopTokenHash: hashToken(token) })
            .where(sql`lower(${restockAlerts.email}) = lower(${alert.email})`);
        }
        return mails.length;
      });
    },
  };
}
export type RestockAlertService = ReturnType<typeof createRestockAlertService>;
