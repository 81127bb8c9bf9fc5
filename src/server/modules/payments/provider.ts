/**
 * The hosted payment gateway behind card payments. The shop never sees card data:
 * it opens a session on the gateway's page, sends the shopper there, and believes only the
 * gateway's signed events. Stripe Checkout is the one implementation (stripe-provider.ts);
 * another hosted gateway implements these two calls.
 */
export type PaymentGateway = {
  /** Stored in `payment_events.provider` and in session ids ("stripe:cs_..."). */
  readonly provider: string;
  createSession(input: CreateSessionInput): Promise<PaymentSession>;
  /**
   * Gives back part or all of a captured payment. `idempotencyKey`: the same refund asked
   * again (a retry after a timeout) is made once. Throws `GatewayUnavailable` when it fails.
   */
  refund(input: RefundInput): Promise<{ id: string }>;
  /**
   * Verifies the signature of a webhook delivery over its raw bytes and reads the event;
   * throws `WebhookRejected` when the signature is missing, wrong, too old or signed for a
   * time ahead of `now`, or when the event lacks what the shop reads of it.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    now?: Date,
  ): GatewayEvent;
};

export type CreateSessionInput = {
  order: {
    number: string;
    /** The currency of record is USD ("Money"); integer cents. */
    totalCents: number;
    email: string | null;
    lang: "en" | "ar";
  };
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
};

export type RefundInput = {
  /** The gateway's payment the money came with (Stripe: the payment intent). */
  payment: string;
  amountCents: number;
  idempotencyKey: string;
  orderNumber: string;
};

export type PaymentSession = { id: string; url: string; expiresAt: Date };

/** What the shop reads from a verified event; anything else is recorded and ignored. */
export type GatewayEvent =
  | {
      kind: "session_completed";
      id: string;
      type: string;
      sessionId: string;
      orderNumber: string | null;
      /** Only "paid" moves money; an asynchronous method reports paid in a later event. */
      paid: boolean;
      amountCents: number | null;
      currency: string | null;
      /** The payment intent when there is one, else the session. */
      reference: string;
    }
  | {
      kind: "session_expired";
      id: string;
      type: string;
      sessionId: string;
      orderNumber: string | null;
    }
  | { kind: "other"; id: string; type: string };

/** A delivery whose signature does not verify: answered 400, and nothing changes. */
export class WebhookRejected extends Error {}

/** The gateway could not be reached or refused for a moment: answered 503 with Retry-After. */
export class GatewayUnavailable extends Error {}

/** Seconds a client waits before retrying when the gateway was unreachable. */
export const GATEWAY_RETRY_AFTER_SECONDS = 30;

/** A session id as the order stores it: provider-qualified, so another gateway can coexist. */
export const qualifiedSessionId = (provider: string, id: string) => `${provider}:${id}`;
