import { and, eq, sql } from "drizzle-orm";
import { centsToDollars } from "../../../shared/domain/money.ts";
import {
  balanceDueCents,
  ORDER_CHANGE_MESSAGES,
  paymentState,
} from "../../../shared/domain/order-changes.ts";
import { orderPath } from "../../../shared/domain/paths.ts";
import {
  markPaidRefusal,
  offeredPaymentMethods,
  type PaymentMethod,
} from "../../../shared/domain/payments.ts";
import { CARD_SESSION_MINUTES } from "../../../shared/domain/reservations.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { PaymentProblemData } from "../../db/schema/notifications.ts";
import { type OrderRow, orderPayments, orders, paymentEvents } from "../../db/schema/orders.ts";
import { HttpError } from "../../http-errors.ts";
import { notifyPaymentProblem } from "../notifications/service.ts";
import { orderMoney } from "../orders/dto.ts";
import { issueOrderDocument } from "../orders/invoices.ts";
import { enqueueOrderStatusMail } from "../orders/order-status-mail.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";
import { type CancelMail, endReservation } from "./cancel-unpaid.ts";
import {
  GATEWAY_RETRY_AFTER_SECONDS,
  type GatewayEvent,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentSession,
  qualifiedSessionId,
  type RefundInput,
  WebhookRejected,
} from "./provider.ts";

/** What a verified event did, as `payment_events.outcome` records it. */
export type EventOutcome =
  | "paid"
  | "already_paid"
  | "cancelled"
  | "ignored"
  | "unknown_order"
  | "amount_mismatch"
  | "not_payable"
  | "unknown_session"
  | "duplicate";

export const PAYMENT_SESSION_MESSAGES = {
  UNAVAILABLE:
    "The card payment page could not be opened just now. Your order is saved: please try again in a minute.",
  NOT_CARD: "This order is not paid by card.",
  NOT_PAYABLE: "This order can no longer be paid.",
  NOT_CONFIGURED: "Card payments are not offered by this shop.",
  REFUND_UNAVAILABLE: ORDER_CHANGE_MESSAGES.GATEWAY_DOWN,
} as const;

/** 503 + Retry-After: the gateway, not the shop, is down for a moment (never a 500). */
export function gatewayUnavailable(): HttpError {
  return new HttpError(503, PAYMENT_SESSION_MESSAGES.UNAVAILABLE, undefined, {
    "retry-after": String(GATEWAY_RETRY_AFTER_SECONDS),
  });
}

/** The private order page, where the gateway sends the shopper back (paid or not). */
export function orderPageUrl(baseUrl: string, number: string, accessKey: string | null): string {
  return baseUrl + orderPath(number, accessKey ?? undefined);
}

/** A session is open while the order waits for it and its page has not expired. */
export function hasOpenSession(order: OrderRow, now: Date): boolean {
  return Boolean(
    order.paymentSessionId &&
      order.paymentUrl &&
      order.paymentExpiresAt &&
      order.paymentExpiresAt > now,
  );
}

export type PaymentServiceDeps = {
  gateway: PaymentGateway | null;
  /** Absolute base of the shop's pages (PUBLIC_URL), for the gateway's return addresses. */
  baseUrl: string;
  /** Set when the shop sends e-mail: the customer is told when their reservation ends. */
  mail: CancelMail;
};

export function createPaymentService(db: Db, deps: PaymentServiceDeps) {
  const { gateway } = deps;
  const methods = offeredPaymentMethods(gateway !== null);

  /**
   * Opens a Checkout Session for a pending, unpaid card order and stores it on the order.
   * The same minute gives the same expiry and so the same gateway idempotency key: two
   * concurrent attempts get one session. Throws GatewayUnavailable when the gateway fails.
   */
  async function openSession(
    order: OrderRow,
    accessKey: string | null,
    now = new Date(),
  ): Promise<OrderRow> {
    if (!gateway) throw new HttpError(422, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
    if (hasOpenSession(order, now)) return order;
    const minute = Math.floor(now.getTime() / 60_000) * 60_000;
    const expiresAt = new Date(minute + (CARD_SESSION_MINUTES + 1) * 60_000);
    const back = orderPageUrl(deps.baseUrl, order.number, accessKey);
    const session = await gateway.createSession({
      order: {
        number: order.number,
        totalCents: order.totalCents,
        email: order.email,
        lang: order.lang,
      },
      successUrl: `${back}${back.includes("?") ? "&" : "?"}payment=done`,
      cancelUrl: back,
      expiresAt,
    });
    const [stored] = await db
      .update(orders)
      .set({
        paymentSessionId: qualifiedSessionId(gateway.provider, session.id),
        paymentUrl: session.url,
        paymentExpiresAt: session.expiresAt,
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, "pending"),
          eq(orders.paymentStatus, "unpaid"),
        ),
      )
      .returning();
    // Paid or cancelled meanwhile: the row as it is now, without the new page.
    if (!stored) {
      const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
      return current ?? order;
    }
    return stored;
  }

  async function recordEvent(
    tx: Tx,
    event: GatewayEvent,
    fields: { orderId: number | null; reference: string | null; amountCents: number | null },
  ): Promise<number | null> {
    const [row] = await tx
      .insert(paymentEvents)
      .values({
        provider: gateway!.provider,
        eventId: event.id,
        type: event.type,
        orderId: fields.orderId,
        reference: fields.reference,
        amountCents: fields.amountCents,
        outcome: "received",
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    return row?.id ?? null;
  }

  /**
   * One verified event, in ONE transaction: recorded once per (provider, event id) (a replay
   * or a concurrent redelivery finds the row and changes nothing), then applied to its order
   * under the order's row lock.
   */
  async function applyEvent(event: GatewayEvent, now = new Date()): Promise<EventOutcome> {
    if (!gateway) throw new HttpError(404, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
    return db.transaction(async (tx) => {
      const number = event.kind === "other" ? null : event.orderNumber;
      const [order] = number
        ? await tx
            .select()
            .from(orders)
            .where(eq(orders.number, number.trim().toUpperCase()))
            .for("update")
        : [];
      const amountCents = event.kind === "session_completed" ? event.amountCents : null;
      const reference =
        event.kind === "session_completed"
          ? event.reference
          : event.kind === "session_expired"
            ? event.sessionId
            : null;
      const eventRow = await recordEvent(tx, event, {
        orderId: order?.id ?? null,
        reference,
        amountCents,
      });
      if (eventRow === null) return "duplicate";

      const outcome = await decide(tx, event, order ?? null, now);
      await tx.update(paymentEvents).set({ outcome }).where(eq(paymentEvents.id, eventRow));
      return outcome;
    });
  }

  async function decide(
    tx: Tx,
    event: GatewayEvent,
    order: OrderRow | null,
    now: Date,
  ): Promise<EventOutcome> {
    if (event.kind === "other") return "ignored";
    if (event.kind === "session_expired") {
      // Only the order's current session ends it: an older, replaced session says nothing.
      if (
        !order ||
        order.paymentSessionId !== qualifiedSessionId(gateway!.provider, event.sessionId)
      )
        return "ignored";
      // A payment link sent for a cash or transfer order ends alone: the order stays, to be
      // paid the way it was placed (its own reservation ends it if nobody pays).
      if (order.paymentMethod !== "card") return "ignored";
      const cancelled = await endReservation(tx, order.id, "card_session_expired", {
        now,
        mail: deps.mail,
      });
      return cancelled ? "cancelled" : "ignored";
    }
    // checkout.session.completed: money is only real when the gateway says "paid".
    if (!event.paid) return "ignored";
    const problem = (kind: PaymentProblemData["problem"]) =>
      notifyPaymentProblem(
        tx,
        {
          customer: order?.name ?? "",
          order_id: order?.id ?? null,
          order_number: order?.number ?? event.orderNumber ?? "?",
          total: order ? centsToDollars(order.totalCents) : 0,
          placed_at: (order?.createdAt ?? now).toISOString(),
          problem: kind,
          amount: event.amountCents === null ? null : centsToDollars(event.amountCents),
          currency: event.currency,
          reference: event.reference,
        },
        now,
      );
    if (!order) {
      await problem("unknown_order");
      return "unknown_order";
    }
    if (order.paymentStatus !== "unpaid" && balanceDueCents(orderMoney(order)) <= 0)
      return "already_paid";
    // Only the session the shop opened for this order pays it: a signed session with the same
    // number and amount that the shop never opened (another order's, one made by hand in the
    // gateway, a bank-transfer order's number) is money the owner must look at, not a payment.
    if (order.paymentSessionId !== qualifiedSessionId(gateway!.provider, event.sessionId)) {
      await problem("unknown_session");
      return "unknown_session";
    }
    // What is owed now: the total, or only the balance when part was paid before the order grew.
    const owed = balanceDueCents(orderMoney(order));
    if (event.amountCents !== owed || event.currency?.toLowerCase() !== "usd") {
      await problem("amount_mismatch");
      return "amount_mismatch";
    }
    if (markPaidRefusal(order.status, order.paymentStatus)) {
      // Cancelled (the reservation ended) or refunded: the money came anyway; the owner acts.
      await problem("not_payable");
      return "not_payable";
    }
    await tx.insert(orderPayments).values({
      orderId: order.id,
      kind: "payment",
      amountCents: event.amountCents,
      paidAt: now,
      actor: `gateway:${gateway!.provider}`,
      reference: event.reference,
      note: `Paid by card (${gateway!.provider} ${event.sessionId}).`,
      createdAt: now,
    });
    const received = (order.paidCents ?? 0) + event.amountCents;
    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: paymentState({ ...orderMoney(order), receivedCents: received }),
        paidCents: received,
        paidAt: now,
        // The session is used: the order no longer offers its page.
        paymentUrl: null,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    // The customer's "payment received", in the event's transaction.
    await enqueueOrderStatusMail(tx, paid!, "paid", { mail: deps.mail, now });
    // A card order is invoiced when its payment arrives.
    await issueOrderDocument(tx, paid!, "paid", { now });
    await enqueueOrderEvent(tx, "order.paid", paid!, { now });
    return "paid";
  }

  return {
    /** The methods offered now: the offline ones, and card when a gateway is configured. */
    methods(): PaymentMethod[] {
      return [...methods];
    },
    cardEnabled: gateway !== null,
    /** The gateway's name as payments record it ("stripe"), null without one. */
    provider: gateway?.provider ?? null,
    /** Whether a failure of `openSession` is the gateway being down for a moment. */
    isUnavailable(error: unknown): boolean {
      return error instanceof GatewayUnavailable;
    },
    /** Where a system cancellation's e-mail links to; null without SMTP_URL. */
    cancelMail: deps.mail,
    openSession,
    applyEvent,

    /**
     * A refund through the gateway for the orders desk (called inside the desk's transaction:
     * a failure rolls the order back). 503 with Retry-After when the gateway fails.
     */
    async refund(input: RefundInput): Promise<{ id: string }> {
      if (!gateway) throw new HttpError(422, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
      try {
        return await gateway.refund(input);
      } catch (error) {
        if (error instanceof GatewayUnavailable)
          throw new HttpError(503, PAYMENT_SESSION_MESSAGES.REFUND_UNAVAILABLE, undefined, {
            "retry-after": String(GATEWAY_RETRY_AFTER_SECONDS),
          });
        throw error;
      }
    },

    /**
     * A payment link for what an order still owes (any payment method): a hosted session for
     * `amountCents`, stored as the order's session so its paid event settles the order.
     */
    async openLink(
      order: OrderRow,
      input: { amountCents: number; expiresAt: Date; returnUrl: string },
      now = new Date(),
    ): Promise<PaymentSession> {
      if (!gateway) throw new HttpError(422, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
      let session: PaymentSession;
      try {
        session = await gateway.createSession({
          order: {
            number: order.number,
            totalCents: input.amountCents,
            email: order.email,
            lang: order.lang,
          },
          successUrl: `${input.returnUrl}${input.returnUrl.includes("?") ? "&" : "?"}payment=done`,
          cancelUrl: input.returnUrl,
          expiresAt: input.expiresAt,
        });
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw gatewayUnavailable();
        throw error;
      }
      await db
        .update(orders)
        .set({
          paymentSessionId: qualifiedSessionId(gateway.provider, session.id),
          paymentUrl: session.url,
          paymentExpiresAt: session.expiresAt,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id));
      return session;
    },

    /** `POST /api/payments/stripe/webhook`: verify the raw delivery, then apply it once. */
    async receiveWebhook(
      provider: string,
      rawBody: Buffer | undefined,
      headers: Record<string, string | string[] | undefined>,
      now = new Date(),
    ): Promise<EventOutcome> {
      if (!gateway || gateway.provider !== provider)
        throw new HttpError(404, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
      let event: GatewayEvent;
      try {
        event = gateway.parseWebhook(rawBody ?? Buffer.alloc(0), headers, now);
      } catch (error) {
        if (error instanceof WebhookRejected) throw new HttpError(400, error.message);
        throw error;
      }
      return applyEvent(event, now);
    },

    /**
     * The order page's retry: a new session for a pending, unpaid card order that has none
     * open (the first attempt failed); an open one is returned as it is.
     */
    async retrySession(order: OrderRow, accessKey: string | null, now = new Date()) {
      if (!gateway) throw new HttpError(404, PAYMENT_SESSION_MESSAGES.NOT_CONFIGURED);
      if (order.paymentMethod !== "card")
        throw new HttpError(409, PAYMENT_SESSION_MESSAGES.NOT_CARD);
      if (order.status !== "pending" || order.paymentStatus !== "unpaid")
        throw new HttpError(409, PAYMENT_SESSION_MESSAGES.NOT_PAYABLE);
      try {
        return await openSession(order, accessKey, now);
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw gatewayUnavailable();
        throw error;
      }
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
