import { createHash } from "node:crypto";
import Stripe from "stripe";
import { z } from "zod";
import {
  type CreateSessionInput,
  type GatewayEvent,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentSession,
  type RefundInput,
  WebhookRejected,
} from "./provider.ts";

/** Stripe's own default; a delivery older than this (or from the future) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signed timestamp as Stripe's own check reads it (`t=` items, the last one wins), so
 * the one it verified is the one judged here. The package refuses only old timestamps; one
 * further ahead than the tolerance was signed for later and is refused too.
 */
export function signedTimestamp(header: string): number | null {
  let timestamp: number | null = null;
  for (const item of header.split(",")) {
    const [key, value = ""] = item.split("=");
    if (key === "t") timestamp = Number.parseInt(value, 10);
  }
  return timestamp !== null && Number.isFinite(timestamp) ? timestamp : null;
}

/**
 * Stripe's ids are short words of letters, digits and underscores; anything else (a NUL
 * byte, a number, an object) is not an event the shop can record, whatever signed it.
 */
const stripeId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/);

const eventEnvelope = z.object({ id: stripeId, type: z.string().regex(/^[A-Za-z0-9_.]{1,255}$/) });

/** The part of a Checkout Session the shop reads; a session event without it is refused. */
const checkoutSession = z.object({
  id: stripeId,
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().max(16).nullish(),
  payment_intent: z.union([stripeId, z.object({ id: stripeId })]).nullish(),
});

const orderNumberOf = (session: z.infer<typeof checkoutSession>): string | null => {
  const fromMetadata = session.metadata?.order_number;
  return (
    session.client_reference_id ?? (typeof fromMetadata === "string" ? fromMetadata : null) ?? null
  );
};

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Unset = Stripe's API; the tests' stand-in is e.g. http://127.0.0.1:4242. */
  apiUrl?: string;
  /** Milliseconds before a call to the API is given up (the shopper is waiting). */
  timeoutMs?: number;
};

/** `new Stripe(key, { host, port, protocol })` from STRIPE_API_URL. */
export function stripeClient(
  opts: Pick<StripeGatewayOptions, "secretKey" | "apiUrl" | "timeoutMs">,
) {
  const target = opts.apiUrl ? new URL(opts.apiUrl) : null;
  return new Stripe(opts.secretKey, {
    maxNetworkRetries: 1,
    timeout: opts.timeoutMs ?? 15_000,
    telemetry: false,
    appInfo: { name: "sweets-shop" },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "http:" ? 80 : 443),
          protocol: target.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** One order, one expiry (a minute's), the same return addresses: the same session. */
function sessionKey(input: CreateSessionInput): string {
  const addresses = createHash("sha256")
    .update(`${input.successUrl}\n${input.cancelUrl}`)
    .digest("hex")
    .slice(0, 16);
  return `checkout:${input.order.number}:${input.expiresAt.getTime()}:${addresses}`;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Stripe Checkout (hosted page), through the official `stripe` package only. */
export function createStripeGateway(opts: StripeGatewayOptions): PaymentGateway {
  const stripe = stripeClient(opts);

  return {
    provider: "stripe",

    async createSession(input: CreateSessionInput): Promise<PaymentSession> {
      const { order } = input;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            client_reference_id: order.number,
            metadata: { order_number: order.number },
            payment_intent_data: { metadata: { order_number: order.number } },
            // One line with the order's total: the order (lines, discount, shipping) was priced
            // by the shop, and the gateway charges exactly that in the currency of record.
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: order.totalCents,
                  product_data: {
                    name: order.lang === "ar" ? `الطلب ${order.number}` : `Order ${order.number}`,
                  },
                },
              },
            ],
            ...(order.email ? { customer_email: order.email } : {}),
            // Stripe Checkout has no Arabic page; "auto" follows the shopper's browser.
            locale: order.lang === "en" ? "en" : "auto",
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // The same order never opens two sessions because of a retried request (the same
          // request: Stripe refuses one key with other parameters, hence the addresses' hash).
          { idempotencyKey: sessionKey(input) },
        );
      } catch (error) {
        throw new GatewayUnavailable("Stripe did not open a Checkout Session.", { cause: error });
      }
      if (!session.url) throw new GatewayUnavailable("Stripe answered a session without a URL.");
      return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async refund(input: RefundInput): Promise<{ id: string }> {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.payment,
            amount: input.amountCents,
            metadata: { order_number: input.orderNumber },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id };
      } catch (error) {
        throw new GatewayUnavailable("Stripe did not make the refund.", { cause: error });
      }
    },

    parseWebhook(rawBody, headers, now = new Date()): GatewayEvent {
      const signature = header(headers["stripe-signature"]);
      if (!signature) throw new WebhookRejected("The Stripe-Signature header is missing.");
      let raw: unknown;
      try {
        raw = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now.getTime(),
        );
      } catch {
        throw new WebhookRejected("The Stripe-Signature does not match this delivery.");
      }
      const timestamp = signedTimestamp(signature);
      if (timestamp === null || timestamp - now.getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookRejected("The Stripe-Signature's time is in the future.");
      const envelope = eventEnvelope.safeParse(raw);
      if (!envelope.success) throw new WebhookRejected("The event has no valid id or type.");
      const { id, type } = envelope.data;
      if (
        type === "checkout.session.completed" ||
        type === "checkout.session.async_payment_succeeded" ||
        type === "checkout.session.expired"
      ) {
        const parsed = checkoutSession.safeParse(
          (raw as { data?: { object?: unknown } }).data?.object,
        );
        if (!parsed.success) throw new WebhookRejected("The event carries no Checkout Session.");
        const session = parsed.data;
        if (type === "checkout.session.expired")
          return {
            kind: "session_expired",
            id,
            type,
            sessionId: session.id,
            orderNumber: orderNumberOf(session),
          };
        const intent = session.payment_intent;
        return {
          kind: "session_completed",
          id,
          type,
          sessionId: session.id,
          orderNumber: orderNumberOf(session),
          paid: session.payment_status === "paid",
          amountCents: session.amount_total ?? null,
          currency: session.currency ?? null,
          reference: (typeof intent === "string" ? intent : intent?.id) ?? session.id,
        };
      }
      return { kind: "other", id, type };
    },
  };
}
