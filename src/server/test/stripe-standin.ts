import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local stand-in for the part of Stripe's API the shop calls, so tests, the
 * browser tests and `npm run stripe:standin` run card payments without Stripe or a network.
 * The shop talks to it only through the real `stripe` package (STRIPE_API_URL points here);
 * nothing inside the shop is mocked. It also serves the hosted page (`/pay/:id`) whose Pay
 * button delivers a `checkout.session.completed` event signed like Stripe's
 * (`stripe.webhooks.generateTestHeaderString`) to the shop's webhook, then redirects.
 */
export type StandinSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  locale: string | null;
  expires_at: number;
  created: number;
  success_url: string | null;
  cancel_url: string | null;
  payment_intent: string | null;
  mode: string;
  livemode: false;
};

export type StripeStandin = {
  /** e.g. http://127.0.0.1:43121: STRIPE_API_URL for the shop. */
  url: string;
  port: number;
  sessions: Map<string, StandinSession>;
  /** Every create call's form fields, decoded (what the shop asked for). */
  created: Array<Record<string, unknown>>;
  /** Where Pay and expire deliver their events; may be set after the shop has started. */
  webhookUrl: string | null;
  /** The next `n` session creations answer 500, as an outage would. */
  failNext(n: number): void;
  /** Every refund made (once per Idempotency-Key), in order. */
  refunds: StandinRefund[];
  /** The next `n` refund requests answer 500 (no refund is made). */
  failRefunds(n: number): void;
  /** A signed delivery of an event about a session, as Stripe would send it. */
  signedEvent(
    type: string,
    session: StandinSession,
    opts?: { id?: string; timestamp?: number; secret?: string },
  ): { payload: string; signature: string; id: string };
  /** Completes a session (paid) and delivers the event; resolves with the shop's status. */
  pay(id: string): Promise<number | null>;
  /** Expires an open session and delivers the event. */
  expire(id: string): Promise<number | null>;
  close(): Promise<void>;
};

export type StandinRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
};

const TEST_SECRET = "whsec_standin";

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=2000`) back to objects. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const stripeError = (
  res: ServerResponse,
  status: number,
  message: string,
  type = "invalid_request_error",
) => json(res, status, { error: { type, message } });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function payPage(session: StandinSession): string {
  const amount = (session.amount_total / 100).toFixed(2);
  const ref = escapeHtml(session.client_reference_id ?? "");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in: pay ${ref}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Test payment</h1>
<p>Local Stripe stand-in. No card is needed and no money moves.</p>
<p>Order <b>${ref}</b>: <b data-testid="standin-amount">${amount} ${escapeHtml(session.currency.toUpperCase())}</b></p>
<p data-testid="standin-status">${session.status}</p>
${
  session.status === "open"
    ? `<form method="post" action="/pay/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel" style="margin-top:1rem"><button type="submit">Cancel</button></form>`
    : ""
}
</body></html>`;
}

export async function startStripeStandin(
  opts: { port?: number; host?: string; webhookUrl?: string; webhookSecret?: string } = {},
): Promise<StripeStandin> {
  const secret = opts.webhookSecret ?? TEST_SECRET;
  const host = opts.host ?? "127.0.0.1";
  const sessions = new Map<string, StandinSession>();
  const created: Array<Record<string, unknown>> = [];
  const byIdempotencyKey = new Map<string, string>();
  const refunds: StandinRefund[] = [];
  const refundsByKey = new Map<string, StandinRefund>();
  /** Paid payment intents and what they captured. */
  const intents = new Map<string, { amount: number; currency: string }>();
  let failures = 0;
  let refundFailures = 0;
  let baseUrl = "";

  const standin: StripeStandin = {
    url: "",
    port: 0,
    sessions,
    created,
    webhookUrl: opts.webhookUrl ?? null,
    failNext(n) {
      failures = n;
    },
    refunds,
    failRefunds(n) {
      refundFailures = n;
    },
    signedEvent(type, session, eventOpts = {}) {
      const id = eventOpts.id ?? newId("evt");
      const payload = JSON.stringify({
        id,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: session },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: eventOpts.secret ?? secret,
        timestamp: eventOpts.timestamp,
      });
      return { payload, signature, id };
    },
    async pay(id) {
      const session = sessions.get(id);
      if (session?.status !== "open") return null;
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = newId("pi");
      intents.set(session.payment_intent, {
        amount: session.amount_total,
        currency: session.currency,
      });
      return deliver("checkout.session.completed", session);
    },
    async expire(id) {
      const session = sessions.get(id);
      if (session?.status !== "open") return null;
      session.status = "expired";
      return deliver("checkout.session.expired", session);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function deliver(type: string, session: StandinSession): Promise<number | null> {
    if (!standin.webhookUrl) return null;
    const { payload, signature } = standin.signedEvent(type, session);
    try {
      const answer = await fetch(standin.webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
        },
        body: payload,
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return null;
    }
  }

  async function createSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = decodeStripeForm(await readBody(req));
    const key = req.headers["idempotency-key"];
    if (typeof key === "string" && byIdempotencyKey.has(key)) {
      return json(res, 200, sessions.get(byIdempotencyKey.get(key)!));
    }
    if (failures > 0) {
      failures -= 1;
      return stripeError(res, 500, "The stand-in was told to fail.", "api_error");
    }
    created.push(form);
    const items = (form.line_items ?? {}) as Record<string, Record<string, unknown>>;
    let amount = 0;
    let currency = "";
    for (const item of Object.values(items)) {
      const price = (item.price_data ?? {}) as Record<string, string>;
      amount += Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1);
      currency ||= String(price.currency ?? "");
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = form.expires_at ? Number(form.expires_at) : now + 24 * 3600;
    if (!Number.isInteger(amount) || amount <= 0 || !currency)
      return stripeError(res, 400, "line_items need a currency and a positive unit_amount.");
    if (expiresAt < now + 30 * 60 - 60 || expiresAt > now + 24 * 3600 + 60)
      return stripeError(res, 400, "expires_at must be 30 minutes to 24 hours from now.");
    if (!form.success_url) return stripeError(res, 400, "success_url is required.");
    const id = newId("cs_test");
    const session: StandinSession = {
      id,
      object: "checkout.session",
      url: `${baseUrl}/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency,
      client_reference_id: (form.client_reference_id as string) ?? null,
      metadata: (form.metadata as Record<string, string>) ?? {},
      customer_email: (form.customer_email as string) ?? null,
      locale: (form.locale as string) ?? null,
      expires_at: expiresAt,
      created: now,
      success_url: (form.success_url as string) ?? null,
      cancel_url: (form.cancel_url as string) ?? null,
      payment_intent: null,
      mode: (form.mode as string) ?? "payment",
      livemode: false,
    };
    sessions.set(id, session);
    if (typeof key === "string") byIdempotencyKey.set(key, id);
    json(res, 200, session);
  }

  /** `POST /v1/refunds`: part or all of a paid intent, never more than it captured. */
  async function createRefund(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = decodeStripeForm(await readBody(req));
    const key = req.headers["idempotency-key"];
    if (typeof key === "string" && refundsByKey.has(key))
      return json(res, 200, refundsByKey.get(key));
    if (refundFailures > 0) {
      refundFailures -= 1;
      return stripeError(res, 500, "The stand-in was told to fail.", "api_error");
    }
    const intentId = String(form.payment_intent ?? "");
    const intent = intents.get(intentId);
    if (!intent) return stripeError(res, 404, `No such payment_intent: '${intentId}'`);
    const given = refunds
      .filter((r) => r.payment_intent === intentId)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? intent.amount - given : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - given)
      return stripeError(
        res,
        400,
        "Refund amount is greater than the unrefunded amount on the charge.",
      );
    const refund: StandinRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: "succeeded",
      metadata: (form.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    if (typeof key === "string") refundsByKey.set(key, refund);
    json(res, 200, refund);
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", baseUrl);
      const parts = url.pathname.split("/").filter(Boolean);
      const api = parts[0] === "v1";
      if (req.method === "GET" && url.pathname === "/healthz") return json(res, 200, { ok: true });
      if (url.pathname === "/favicon.ico") {
        res.writeHead(204);
        return res.end();
      }
      if (api && !/^Bearer (sk|rk)_/.test(req.headers.authorization ?? ""))
        return stripeError(res, 401, "Invalid API Key provided.", "authentication_error");
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions")
        return createSession(req, res);
      if (req.method === "POST" && url.pathname === "/v1/refunds") return createRefund(req, res);
      // Stripe's list of refunds (newest first, optionally of one payment intent): what the
      // browser tests read to see that a refund reached the gateway.
      if (req.method === "GET" && url.pathname === "/v1/refunds") {
        const intent = url.searchParams.get("payment_intent");
        const data = refunds.filter((r) => !intent || r.payment_intent === intent).reverse();
        return json(res, 200, { object: "list", url: "/v1/refunds", has_more: false, data });
      }
      if (api && parts[1] === "checkout" && parts[2] === "sessions" && parts[3]) {
        const session = sessions.get(parts[3]);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${parts[3]}'`);
        if (req.method === "GET" && parts.length === 4) return json(res, 200, session);
        if (req.method === "POST" && parts[4] === "expire") {
          if (session.status !== "open")
            return stripeError(res, 400, "Only an open Checkout Session can be expired.");
          await standin.expire(session.id);
          return json(res, 200, session);
        }
      }
      if (parts[0] === "pay" && parts[1]) {
        const session = sessions.get(parts[1]);
        if (!session) {
          res.writeHead(404, { "content-type": "text/plain" });
          return res.end("No such session.");
        }
        if (req.method === "GET" && parts.length === 2) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(payPage(session));
        }
        if (req.method === "POST" && parts[2] === "pay") {
          await readBody(req);
          // Like Stripe, the event is sent before the shopper is sent back; unlike Stripe it
          // is awaited, so the order page can already show "paid".
          if (session.status === "open") await standin.pay(session.id);
          const back = (session.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", session.id);
          res.writeHead(303, { location: back });
          return res.end();
        }
        if (req.method === "POST" && parts[2] === "cancel") {
          await readBody(req);
          res.writeHead(303, { location: session.cancel_url ?? session.success_url ?? "/" });
          return res.end();
        }
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    })().catch((error: unknown) => {
      if (!res.headersSent) stripeError(res, 500, String(error), "api_error");
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  standin.url = baseUrl;
  standin.port = port;
  return standin;
}
