import { and, asc, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
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
import { auditLog } from "../../db/schema/audit.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { orderEvents, orderLines, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { webhookDeliveries } from "../../db/schema/webhooks.ts";
import { conflict, HttpError, unauthorized, unprocessable } from "../../http-errors.ts";
import { verifyPassword } from "./passwords.ts";

const sameEmail = (
  column: typeof users.email | typeof newsletterSubscribers.email,
  email: string,
) => eq(sql`lower(${column})`, email.toLowerCase());

/** Every field listed as changed, without its values (the entry's who and when stay). */
const redactedChanges = sql`(select coalesce(jsonb_agg(jsonb_build_object(
  'field', c->>'field', 'before', null, 'after', null, 'redacted', true)), '[]'::jsonb)
  from jsonb_array_elements(${auditLog.changes}) as c)`;

/** A regular expression matching the order number as a whole word ("SW-1001", not "SW-10010"). */
const numberPattern = (number: string) => `\\m${number.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\M`;

/**
 * The copies of an erased customer's orders outside the order rows, in the erasing
 * transaction: the bell's items name the customer; webhook deliveries (sent, failed or still
 * queued, and re-sendable) hold the order as sent; the outbox holds the order e-mails, to the
 * customer and the shop's new-order notice. Each keeps what the shop needs (the event, the
 * order, the amount), with the person replaced as on the order.
 */
async function eraseCopies(
  tx: Tx,
  erased: ReadonlyArray<{ id: number; number: string }>,
): Promise<void> {
  const ids = erased.map((o) => o.id);
  await tx
    .update(notifications)
    .set({
      data: sql`jsonb_set(${notifications.data}, '{customer}', to_jsonb(${DELETED_CUSTOMER}::text))`,
    })
    .where(
      and(
        sql`${notifications.data} ->> 'customer' is not null`,
        inArray(sql`(${notifications.data} ->> 'order_id')::bigint`, ids),
      ),
    );

  const order = sql`(${webhookDeliveries.body}::jsonb -> 'data' -> 'order')`;
  await tx
    .update(webhookDeliveries)
    .set({
      body: sql`jsonb_set(${webhookDeliveries.body}::jsonb, '{data,order}', ${order}
        || jsonb_build_object(
          'customer', jsonb_build_object(
            'name', ${DELETED_CUSTOMER}::text, 'email', null, 'phone', ${DELETED_CUSTOMER}::text),
          'shipping', coalesce(${order} -> 'shipping', '{}'::jsonb) || jsonb_build_object(
            'city', ${DELETED_CUSTOMER}::text, 'address', ${DELETED_CUSTOMER}::text),
          'notes', null))::text`,
    })
    .where(
      and(like(webhookDeliveries.type, "order.%"), inArray(sql`(${order} ->> 'id')::bigint`, ids)),
    );

  // Order e-mails name their order in the subject, whoever they went to.
  const named: SQL[] = erased.map((o) => sql`${mailOutbox.subject} ~ ${numberPattern(o.number)}`);
  await tx.delete(mailOutbox).where(and(like(mailOutbox.kind, "order\\_%"), or(...named)));
}

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

/**
 * Privacy: a customer downloads everything the shop holds about them, and deletes
 * their account. Deleting erases the person and keeps the shop's books: the account, its
 * sessions and links, its newsletter subscription and e-mails go; its orders, and their
 * copies (bell, webhook deliveries, gift), stay with the person replaced; it waits while an
 * order is open.
 */
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
          gift: o.gift
            ? {
                recipient_name: o.gift.recipientName,
                recipient_phone: o.gift.recipientPhone,
                message: o.gift.message,
                wrap: o.gift.wrap,
              }
            : null,
          gift_wrap: centsToDollars(o.giftWrapCents),
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
        const erased = await tx
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(eq(orders.userId, userId))
          .for("update");
        const ids = erased.map((o) => o.id);
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
            // A gift keeps that it was one and its wrapping (charged, in the total); the
            // recipient and the card message go with the buyer.
            gift: sql`case when ${orders.gift} is null then null else jsonb_build_object(
              'recipientName', ${DELETED_CUSTOMER}::text,
              'recipientPhone', ${DELETED_CUSTOMER}::text,
              'message', null,
              'wrap', coalesce((${orders.gift}->>'wrap')::boolean, false)) end`,
            updatedAt: new Date(),
          })
          .where(eq(orders.userId, userId));
        if (ids.length > 0) await eraseCopies(tx, erased);
        await tx
          .delete(newsletterSubscribers)
          .where(sameEmail(newsletterSubscribers.email, user.email));
        // Queued and sent e-mails to the address (order e-mails carry the name and address);
        // the order e-mails, to whatever address the orders gave, went in eraseCopies.
        await tx
          .delete(mailOutbox)
          .where(and(eq(sql`lower(${mailOutbox.to})`, user.email.toLowerCase())));
        // What the staff noted about the customer goes with the row (trigger on users); the
        // audit entries of those notes keep who wrote one and when, not what it said.
        await tx
          .update(auditLog)
          .set({ changes: redactedChanges })
          .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, `a-${userId}`)));
        // Sessions, reset and verification links go with the row (ON DELETE CASCADE); audit
        // entries and order notes written by an admin keep the entry without the author.
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
