import { createHash } from "node:crypto";
import Stripe from "stripe";
import {
  type CreateSessionInput,
  type GatewayEvent,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentSession,
  WebhookRejected,
} from "./provider.ts";

/** Stripe's own default; a delivery older than this (or from the future) is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

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

    parseWebhook(rawBody, headers): GatewayEvent {
      const signature = header(headers["stripe-signature"]);
      if (!signature) throw new WebhookRejected("The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          opts.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new WebhookRejected("The Stripe-Signature does not match this delivery.");
      }
      if (
        event.type === "checkout.session.completed" ||
        event.type === "checkout.session.async_payment_succeeded"
      ) {
        const session = event.data.object;
        const intent = session.payment_intent;
        return {
          kind: "session_completed",
          id: event.id,
          type: event.type,
          sessionId: session.id,
          orderNumber: session.client_reference_id ?? session.metadata?.order_number ?? null,
          paid: session.payment_status === "paid",
          amountCents: session.amount_total,
          currency: session.currency,
          reference: (typeof intent === "string" ? intent : intent?.id) ?? session.id,
        };
      }
      if (event.type === "checkout.session.expired") {
        const session = event.data.object;
        return {
          kind: "session_expired",
          id: event.id,
          type: event.type,
          sessionId: session.id,
          orderNumber: session.client_reference_id ?? session.metadata?.order_number ?? null,
        };
      }
      return { kind: "other", id: event.id, type: event.type };
    },
  };
}
