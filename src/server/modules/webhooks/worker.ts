import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import {
  isDelivered,
  nextWebhookAttempt,
  signatureHeader,
  signedPayload,
  WEBHOOK_SIGNATURE_HEADER,
} from "../../../shared/domain/webhooks.ts";
import type { Db } from "../../db/client.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";
import { type ClaimLoop, claimDue, claimLoop } from "../../jobs/claim-loop.ts";
import { guardedLookup, literalRefused, PrivateAddressError } from "./address-guard.ts";

/** A receiver that has not answered by then has failed this attempt. */
const REQUEST_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export function signBody(secret: string, body: string, timestamp: number): string {
  const hex = createHmac("sha256", secret).update(signedPayload(timestamp, body)).digest("hex");
  return signatureHeader(timestamp, hex);
}

export type SendResult = { status: number | null; error: string | null };

/**
 * One POST of the exact body with its signature. Redirects are not followed (a 3xx fails);
 * private addresses are refused at connect time unless `allowPrivate`; the answer's body is
 * read and dropped. Never throws.
 */
export function postWebhook(opts: {
  url: string;
  secret: string;
  body: string;
  now: Date;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<SendResult> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(opts.url);
    } catch {
      return resolve({ status: null, error: "invalid URL" });
    }
    if (!opts.allowPrivate) {
      const refused = literalRefused(url);
      if (refused)
        return resolve({ status: null, error: new PrivateAddressError(refused).message });
    }
    const timestamp = Math.floor(opts.now.getTime() / 1000);
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(opts.body),
          "user-agent": "GoldenSweets-Webhooks/1.0",
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signBody(opts.secret, opts.body, timestamp),
        },
        timeout: opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
        ...(opts.allowPrivate ? {} : { lookup: guardedLookup }),
        // No pooled keep-alive sockets: each delivery connects (and is checked) anew.
        agent: false,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        response.on("end", () =>
          resolve({ status, error: isDelivered(status) ? null : `HTTP ${status}` }),
        );
        response.on("error", () => resolve({ status, error: `HTTP ${status}` }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("no answer in time")));
    request.on("error", (error) =>
      resolve({ status: null, error: String(error.message || error).slice(0, 500) }),
    );
    request.end(opts.body);
  });
}

export type WebhookWorker = ClaimLoop;

/**
 * Sends the delivery outbox like the mail worker sends its own: claim what is due (SKIP
 * LOCKED with a lease, so several instances share it), POST each, then record the answer. A
 * failure is tried again on the shared retry schedule (about a day), then marked failed.
 */
export function createWebhookWorker(opts: {
  db: Db;
  allowPrivate: boolean;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}): WebhookWorker {
  const { db } = opts;

  const claim = (now: Date) =>
    claimDue(db, webhookDeliveries, now, (tx, limit) =>
      tx
        .select({
          id: webhookDeliveries.id,
          body: webhookDeliveries.body,
          attempts: webhookDeliveries.attempts,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
        .limit(limit)
        .for("update", { of: webhookDeliveries, skipLocked: true }),
    );

  async function deliver(row: Awaited<ReturnType<typeof claim>>[number], now: Date) {
    const result = await postWebhook({
      url: row.url,
      secret: row.secret,
      body: row.body,
      now,
      allowPrivate: opts.allowPrivate,
      timeoutMs: opts.timeoutMs,
    });
    const attempts = row.attempts + 1;
    if (result.status !== null && isDelivered(result.status)) {
      await db
        .update(webhookDeliveries)
        .set({
          status: "succeeded",
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastAttemptAt: now,
          deliveredAt: now,
          responseStatus: result.status,
          lastError: null,
        })
        .where(eq(webhookDeliveries.id, row.id));
      return true;
    }
    const next = nextWebhookAttempt(attempts, now);
    await db
      .update(webhookDeliveries)
      .set({
        attempts,
        lastAttemptAt: now,
        responseStatus: result.status,
        lastError: result.error,
        ...(next ? { nextAttemptAt: next } : { status: "failed" as const }),
      })
      .where(eq(webhookDeliveries.id, row.id));
    return false;
  }

  async function runOnce(now: Date): Promise<number> {
    const due = await claim(now);
    // One slow receiver does not hold up the others in the batch.
    const results = await Promise.all(due.map((row) => deliver(row, now)));
    return results.filter(Boolean).length;
  }

  return claimLoop({ runOnce, onError: opts.onError });
}
