import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  CHECKOUT_REMINDER_MESSAGES as M,
  REMINDER_ORDER_WINDOW_MS,
  RESTORE_LIFETIME_MS,
} from "../../../shared/domain/checkout-reminders.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import type { CheckoutContactInput } from "../../../shared/schemas/checkout-reminders.ts";
import type { Db } from "../../db/client.ts";
import { checkoutContacts, type SavedCartLine } from "../../db/schema/campaigns.ts";
import { products } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { HttpError } from "../../http-errors.ts";
import { claimDue } from "../../jobs/claim-loop.ts";
import { checkoutReminderMail } from "./reminder-mail.ts";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Whether an order with this address was placed at or after `since` (any letter case). */
const orderedSince = (email: string, since: Date) =>
  sql<boolean>`exists (select 1 from ${orders} o where lower(o.email) = lower(${email}) and o.created_at >= ${since})`;

export function createCheckoutReminderService(db: Db) {
  return {
    /**
     * Keeps the address and cart a shopper gave at checkout with their consent: one open row per
     * address, the latest cart and language winning, its reminder due `hours` after this. A new
     * restore token each time (only its hash is kept; the link goes out in the e-mail only).
     */
    async record(input: CheckoutContactInput, opts: { hours: number; now?: Date }): Promise<void> {
      const now = opts.now ?? new Date();
      const tokenHash = hashToken(randomBytes(32).toString("base64url"));
      const lines: SavedCartLine[] = input.lines.map((line) => ({
        productId: line.productId,
        grams: line.grams,
        qty: line.qty,
        ...(line.contents ? { contents: line.contents } : {}),
      }));
      const due = new Date(now.getTime() + opts.hours * HOUR_MS);
      // The open row of the address (its partial unique index) takes the latest cart.
      await db.execute(sql`
        insert into ${checkoutContacts}
          (email, lang, lines, restore_token_hash, consent_at, updated_at, next_attempt_at)
        values (${input.email}, ${input.lang}, ${JSON.stringify(lines)}::jsonb, ${tokenHash},
          ${now.toISOString()}, ${now.toISOString()}, ${due.toISOString()})
        on conflict (lower(email)) where reminded_at is null and closed_at is null
        do update set lang = excluded.lang, lines = excluded.lines, consent_at = excluded.consent_at,
          updated_at = excluded.updated_at, next_attempt_at = excluded.next_attempt_at`);
    },

    /**
     * One pass of the job (claimed rows leased, so several instances share the work): for each
     * address given at least `hours` ago, either an order with it followed (closed, no e-mail)
     * or the one reminder is queued with a fresh restore link, in the same transaction that
     * marks the row reminded: never twice. Off (the setting) = nothing happens.
     */
    async runOnce(
      now: Date,
      opts: { baseUrl: string; enabled: boolean; hours: number },
    ): Promise<number> {
      if (!opts.enabled) return 0;
      const cutoff = new Date(now.getTime() - opts.hours * HOUR_MS);
      const claimed = await claimDue(db, checkoutContacts, now, (tx, limit) =>
        tx
          .select()
          .from(checkoutContacts)
          .where(
            and(
              isNull(checkoutContacts.remindedAt),
              isNull(checkoutContacts.closedAt),
              lte(checkoutContacts.nextAttemptAt, now),
              lte(checkoutContacts.updatedAt, cutoff),
            ),
          )
          .orderBy(checkoutContacts.nextAttemptAt)
          .limit(limit)
          .for("update", { skipLocked: true }),
      );
      let sent = 0;
      for (const row of claimed) {
        sent += await db.transaction(async (tx) => {
          // Re-read under lock: the shopper may have changed the cart meanwhile.
          const [live] = await tx
            .select({
              id: checkoutContacts.id,
              email: checkoutContacts.email,
              lang: checkoutContacts.lang,
              lines: checkoutContacts.lines,
              updatedAt: checkoutContacts.updatedAt,
              ordered: orderedSince(row.email, row.consentAt),
            })
            .from(checkoutContacts)
            .where(
              and(
                eq(checkoutContacts.id, row.id),
                isNull(checkoutContacts.remindedAt),
                isNull(checkoutContacts.closedAt),
              ),
            )
            .for("update");
          if (!live) return 0;
          if (live.ordered) {
            await tx
              .update(checkoutContacts)
              .set({ closedAt: now })
              .where(eq(checkoutContacts.id, live.id));
            return 0;
          }
          if (live.updatedAt > cutoff) {
            await tx
              .update(checkoutContacts)
              .set({ nextAttemptAt: new Date(live.updatedAt.getTime() + opts.hours * HOUR_MS) })
              .where(eq(checkoutContacts.id, live.id));
            return 0;
          }
          const ids = [...new Set(live.lines.map((line) => line.productId))];
          const names = new Map(
            (ids.length
              ? await tx
                  .select({ id: products.id, en: products.nameEn, ar: products.nameAr })
                  .from(products)
                  .where(inArray(products.id, ids))
              : []
            ).map((p) => [Number(p.id), live.lang === "ar" && p.ar ? p.ar : p.en]),
          );
          const lines = live.lines
            .filter((line) => names.has(line.productId))
            .map((line) => ({
              name: names.get(line.productId)!,
              grams: line.grams,
              qty: line.qty,
            }));
          const token = randomBytes(32).toString("base64url");
          const link = `${opts.baseUrl}${localizePath(live.lang, "/cart")}?restore=${token}`;
          await tx.insert(mailOutbox).values({
            kind: "checkout_reminder",
            to: live.email,
            ...checkoutReminderMail(live.lang, lines, link),
          });
          await tx
            .update(checkoutContacts)
            .set({ remindedAt: now, restoreTokenHash: hashToken(token) })
            .where(eq(checkoutContacts.id, live.id));
          return 1;
        });
      }
      return sent;
    },

    /** The lines behind a reminder's restore link (30 days); any other token: 404. */
    async restore(token: string, now = new Date()): Promise<SavedCartLine[]> {
      const [row] = await db
        .select({ lines: checkoutContacts.lines })
        .from(checkoutContacts)
        .where(
          and(
            eq(checkoutContacts.restoreTokenHash, hashToken(token)),
            gte(checkoutContacts.remindedAt, new Date(now.getTime() - RESTORE_LIFETIME_MS)),
          ),
        );
      if (!row) throw new HttpError(404, M.RESTORE_INVALID);
      return row.lines;
    },

    /** The dashboard's figures: reminders of the last 30 days and the orders that followed within 7. */
    async stats(now = new Date()): Promise<{ sent: number; ordered: number }> {
      const [row] = await db
        .select({
          sent: count(),
          ordered:
            sql<number>`count(*) filter (where exists (select 1 from ${orders} o where lower(o.email) = lower(${checkoutContacts.email}) and o.created_at >= ${checkoutContacts.remindedAt} and o.created_at < ${checkoutContacts.remindedAt} + ${`${REMINDER_ORDER_WINDOW_MS / 1000} seconds`}::interval))`.mapWith(
              Number,
            ),
        })
        .from(checkoutContacts)
        .where(gte(checkoutContacts.remindedAt, new Date(now.getTime() - 30 * DAY_MS)));
      return { sent: row?.sent ?? 0, ordered: row?.ordered ?? 0 };
    },
  };
}
export type CheckoutReminderService = ReturnType<typeof createCheckoutReminderService>;
