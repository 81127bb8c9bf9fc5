import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_CUSTOMER,
  isOpenOrder,
  openOrdersMessage,
} from "../../../shared/domain/account-privacy.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type {
  AccountDeletionCheck,
  AccountExport,
} from "../../../shared/schemas/account-privacy.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { adminRoles } from "../../db/schema/admins.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { orderEvents, orderLines, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { conflict, HttpError, unauthorized, unprocessable } from "../../http-errors.ts";
import { verifyPassword } from "./passwords.ts";

const sameEmail = (
  column: typeof users.email | typeof newsletterSubscribers.email,
  email: string,
) => eq(sql`lower(${column})`, email.toLowerCase());

/**
 * Issue 25, privacy (ADR 0026): a customer downloads everything the shop holds about them,
 * and deletes their account. Deleting erases the person and keeps the shop's books: the
 * account, its sessions and links, its newsletter subscription and queued e-mails go; its
 * orders stay with the name, phone, e-mail, city, street address and notes replaced.
 */
/** The account's open orders (see `isOpenOrder`), oldest first. */
async function openOrdersOf(conn: Db | Tx, userId: number) {
  const rows = await conn
    .select({
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.filter(isOpenOrder);
}

export function createPrivacyService(db: Db) {
  return {
    /** What `DELETE /api/account` would meet now: the open orders that stop it. */
    async deletionCheck(userId: number): Promise<AccountDeletionCheck> {
      const open = await openOrdersOf(db, userId);
      return {
        allowed: open.length === 0,
        open_orders: open.map((o) => ({
          number: o.number,
          status: o.status,
          payment_status: o.paymentStatus,
        })),
      };
    },

    async exportFor(userId: number, now = new Date()): Promise<AccountExport> {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw unauthorized();
      const orderRows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const ids = orderRows.map((o) => o.id);
      const [lines, events, subscriptions] = await Promise.all([
        ids.length
          ? db
              .select()
              .from(orderLines)
              .where(inArray(orderLines.orderId, ids))
              .orderBy(asc(orderLines.id))
          : Promise.resolve([]),
        ids.length
          ? db
              .select()
              .from(orderEvents)
              .where(inArray(orderEvents.orderId, ids))
              .orderBy(asc(orderEvents.id))
          : Promise.resolve([]),
        db
          .select({
            email: newsletterSubscribers.email,
            lang: newsletterSubscribers.lang,
            createdAt: newsletterSubscribers.createdAt,
          })
          .from(newsletterSubscribers)
          .where(sameEmail(newsletterSubscribers.email, user.email)),
      ]);

      // The account's own address, then each distinct delivery address its orders used.
      const addresses: AccountExport["addresses"] = [];
      if (user.country || user.location)
        addresses.push({
          source: "account",
          name: user.name,
          phone: user.phone,
          country: user.country,
          city: null,
          address: user.location,
        });
      const seen = new Set<string>();
      for (const o of orderRows) {
        const key = JSON.stringify([o.name, o.phone, o.country, o.city, o.address]);
        if (seen.has(key)) continue;
        seen.add(key);
        addresses.push({
          source: "order",
          name: o.name,
          phone: o.phone,
          country: o.country,
          city: o.city,
          address: o.address,
        });
      }

      return {
        exported_at: now.toISOString(),
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          email_verified: user.emailVerifiedAt !== null,
          username: user.username,
          company: user.company,
          phone: user.phone,
          country: user.country,
          location: user.location,
          is_admin: user.isAdmin,
          created_at: user.createdAt.toISOString(),
          updated_at: user.updatedAt.toISOString(),
        },
        addresses,
        orders: orderRows.map((o) => ({
          number: o.number,
          status: o.status,
          payment_method: o.paymentMethod,
          payment_status: o.paymentStatus,
          language: o.lang,
          created_at: o.createdAt.toISOString(),
          name: o.name,
          phone: o.phone,
          email: o.email,
          country: o.country,
          city: o.city,
          address: o.address,
          notes: o.notes,
          coupon_code: o.couponCode,
          subtotal: centsToDollars(o.subtotalCents),
          discount: centsToDollars(o.discountCents),
          delivery_fee: centsToDollars(o.deliveryFeeCents),
          total: centsToDollars(o.totalCents),
          lines: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({
              name_en: l.nameEn,
              name_ar: l.nameAr,
              grams: l.grams,
              qty: l.qty,
              unit_price: centsToDollars(l.unitPriceCents),
              line_total: centsToDollars(l.lineTotalCents),
            })),
          history: events
            .filter((e) => e.orderId === o.id)
            .map((e) => ({ status: e.status, at: e.createdAt.toISOString() })),
        })),
        newsletter_subscriptions: subscriptions.map((s) => ({
          email: s.email,
          language: s.lang,
          subscribed_at: s.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Erases the account after checking its password, in one transaction. The shop's last
     * admin cannot erase itself (nobody could run the shop): 422. Wrong password: 422 on
     * `password`.
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, password)))
        throw unprocessable("password", ACCOUNT_DELETION_MESSAGES.PASSWORD_WRONG);

      await db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!user) throw unauthorized();
        if (user.isAdmin) {
          // Every admin row locked, like removing an admin: two last admins deleting themselves
          // at once cannot leave none.
          const admins = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.isAdmin, true))
            .for("update");
          const owners = await tx
            .select({ userId: adminRoles.userId })
            .from(adminRoles)
            .where(eq(adminRoles.role, "owner"));
          const refusal =
            admins.length <= 1
              ? ACCOUNT_DELETION_MESSAGES.LAST_ADMIN
              : owners.length <= 1 && owners.some((o) => o.userId === userId)
                ? ACCOUNT_DELETION_MESSAGES.LAST_OWNER
                : null;
          if (refusal) throw new HttpError(422, refusal, { account: [refusal] });
        }
        // An open order still needs her name, phone and address (to deliver, call or refund):
        // refused until it is closed, with the numbers so she knows which.
        const open = await openOrdersOf(tx, userId);
        if (open.length > 0) {
          const message = openOrdersMessage(open.map((o) => o.number));
          throw conflict(message, { account: [message] });
        }
        await tx
          .update(orders)
          .set({
            userId: null,
            name: DELETED_CUSTOMER,
            phone: DELETED_CUSTOMER,
            email: null,
            city: DELETED_CUSTOMER,
            address: DELETED_CUSTOMER,
            notes: null,
            updatedAt: new Date(),
          })
          .where(eq(orders.userId, userId));
        await tx
          .delete(newsletterSubscribers)
          .where(sameEmail(newsletterSubscribers.email, user.email));
        // Queued and sent e-mails to the address (order e-mails carry the name and address).
        await tx
          .delete(mailOutbox)
          .where(and(eq(sql`lower(${mailOutbox.to})`, user.email.toLowerCase())));
        // Sessions, reset and verification links go with the row (ON DELETE CASCADE); audit
        // entries and order notes written by an admin keep the entry without the author.
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
