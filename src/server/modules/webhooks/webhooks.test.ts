import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseSignatureHeader, WEBHOOK_MESSAGES } from "../../../shared/domain/webhooks.ts";
import { webhookDeliveries } from "../../db/schema/webhooks.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";
import { createWebhookWorker } from "./worker.ts";

// Issue 28. One shop allows private addresses (the receivers below listen on loopback, as
// WEBHOOKS_ALLOW_PRIVATE=1 allows); a second, with the default, refuses them.

const SECRET = "whsec_test_0123456789abcdef";

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A real HTTP receiver on loopback that answers `status` and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(status, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does (docs/webhooks.md): recompute the HMAC of `<t>.<raw body>`. */
function verified(got: Received, secret = SECRET): boolean {
  const parsed = parseSignatureHeader(got.headers["shop-signature"] as string | undefined);
  if (!parsed) return false;
  const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.${got.body}`).digest();
  return parsed.signatures.some((hex) => timingSafeEqual(Buffer.from(hex, "hex"), expected));
}

let t: TestApp;
let strict: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let strictOwner: Awaited<ReturnType<typeof createUserWithToken>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let product: number;

beforeAll(async () => {
  [t, strict] = await Promise.all([
    createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: "1" } }),
    createTestApp(),
  ]);
  owner = await createUserWithToken(t.app, { admin: true, name: "Rana Owner" });
  strictOwner = await createUserWithToken(strict.app, { admin: true });
  product = await addProduct(t.database.db, { priceCents: 1000, nameAr: "بقلاوة" });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await Promise.all([t?.close(), strict?.close()]);
});

const call = (
  app: TestApp,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => app.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

const created: number[] = [];
async function addEndpoint(events: string[], url = receiver.url) {
  const res = await call(t, "POST", "/api/admin/webhooks", owner.auth, {
    url,
    secret: SECRET,
    events,
  });
  expect(res.statusCode).toBe(201);
  created.push(res.json().data.id);
  return res.json().data as { id: number; secret_hint: string; events: string[] };
}
afterEach(async () => {
  // Each test starts with no endpoint (and so no delivery) and a receiver that says 200.
  for (const id of created.splice(0))
    await call(t, "DELETE", `/api/admin/webhooks/${id}`, owner.auth);
  receiver.received.length = 0;
  receiver.answer(200);
});

const deliveriesOf = async (id: number) =>
  (await call(t, "GET", `/api/admin/webhooks/${id}/deliveries`, owner.auth)).json();

async function newOrder() {
  const res = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 2 }]));
  expect(res.statusCode).toBe(201);
  const number = res.json().data.number as string;
  const list = await call(t, "GET", `/api/admin/orders?q=${number}`, owner.auth);
  return { number, id: list.json().data[0].id as number };
}

describe("who may manage webhooks", () => {
  it("answers 401 without a token and 403 to a customer or an admin who is not an owner", async () => {
    const customer = await createUserWithToken(t.app);
    const ordersAdmin = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const routes: Array<["GET" | "POST" | "PUT" | "DELETE", string]> = [
      ["GET", "/api/admin/webhooks"],
      ["POST", "/api/admin/webhooks"],
      ["PUT", "/api/admin/webhooks/1"],
      ["DELETE", "/api/admin/webhooks/1"],
      ["GET", "/api/admin/webhooks/1/deliveries"],
      ["POST", "/api/admin/webhooks/deliveries/1/retry"],
    ];
    for (const [method, url] of routes) {
      const body = { url: receiver.url, secret: SECRET, events: ["order.created"] };
      expect((await call(t, method, url, {}, body)).statusCode).toBe(401);
      expect((await call(t, method, url, customer.auth, body)).statusCode).toBe(403);
      const res = await call(t, method, url, ordersAdmin.auth, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe("endpoints (GET/POST/PUT/DELETE /api/admin/webhooks)", () => {
  it("adds, lists, edits (keeping the secret when none is given) and deletes an endpoint", async () => {
    const endpoint = await addEndpoint(["order.paid", "order.created", "order.created"]);
    expect(endpoint).toMatchObject({
      url: receiver.url,
      // In the list's order, once each; the secret itself is never sent back.
      events: ["order.created", "order.paid"],
      secret_hint: "…cdef",
      last_delivery: null,
    });
    expect(JSON.stringify(endpoint)).not.toContain(SECRET);
    const list = await call(t, "GET", "/api/admin/webhooks", owner.auth);
    expect(list.json().data).toEqual([expect.objectContaining({ id: endpoint.id })]);

    const edited = await call(t, "PUT", `/api/admin/webhooks/${endpoint.id}`, owner.auth, {
      url: `${receiver.url}/v2`,
      events: ["inbox.message"],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      url: `${receiver.url}/v2`,
      events: ["inbox.message"],
      secret_hint: "…cdef",
    });
    const rotated = await call(t, "PUT", `/api/admin/webhooks/${endpoint.id}`, owner.auth, {
      url: receiver.url,
      secret: "a-new-secret-of-enough-length-9",
      events: ["inbox.message"],
    });
    expect(rotated.json().data.secret_hint).toBe("…th-9");

    // Audited as "webhook", the secret only as changed.
    const history = await call(
      t,
      "GET",
      `/api/admin/audit?entity=webhook&entity_id=${endpoint.id}`,
      owner.auth,
    );
    const entries = history.json().data as Array<{ action: string; changes: unknown[] }>;
    expect(entries.map((e) => e.action)).toEqual(["update", "update", "create"]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);

    const gone = await call(t, "DELETE", `/api/admin/webhooks/${endpoint.id}`, owner.auth);
    expect(gone.json()).toEqual({ data: { id: endpoint.id } });
    created.length = 0;
    expect((await call(t, "GET", "/api/admin/webhooks", owner.auth)).json().data).toEqual([]);
    for (const [method, url] of [
      ["PUT", `/api/admin/webhooks/${endpoint.id}`],
      ["DELETE", `/api/admin/webhooks/${endpoint.id}`],
      ["GET", `/api/admin/webhooks/${endpoint.id}/deliveries`],
      ["POST", "/api/admin/webhooks/deliveries/999999/retry"],
    ] as const) {
      const res = await call(t, method, url, owner.auth, {
        url: receiver.url,
        events: ["order.paid"],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it.each([
    [{}, ["url", "secret", "events"]],
    [{ url: "ftp://example.com/x", secret: SECRET, events: ["order.paid"] }, ["url"]],
    [{ url: "not a url", secret: SECRET, events: ["order.paid"] }, ["url"]],
    [{ url: "https://user:pw@example.com/", secret: SECRET, events: ["order.paid"] }, ["url"]],
    [{ url: "https://example.com/", secret: "short", events: ["order.paid"] }, ["secret"]],
    [{ url: "https://example.com/", secret: SECRET, events: [] }, ["events"]],
    [{ url: "https://example.com/", secret: SECRET, events: ["order.eaten"] }, ["events.0"]],
    [{ url: "https://example.com/\u0000", secret: SECRET, events: ["order.paid"] }, ["url"]],
  ])("refuses bad input with 422 keyed by field: %j", async (body, fields) => {
    const res = await call(t, "POST", "/api/admin/webhooks", owner.auth, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    expect(Object.keys(res.json().errors).sort()).toEqual([...fields].sort());
  });

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://127.9.9.9/hook",
    "http://localhost:3000/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[::ffff:7f00:1]/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://10.0.0.8/hook",
    "http://192.168.1.1/hook",
    "http://[fe80::1]/hook",
    "http://[fd00::1]/hook",
    "http://0.0.0.0/hook",
  ])("refuses an endpoint on a private address without WEBHOOKS_ALLOW_PRIVATE: %s", async (url) => {
    const res = await call(strict, "POST", "/api/admin/webhooks", strictOwner.auth, {
      url,
      secret: SECRET,
      events: ["order.created"],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: WEBHOOK_MESSAGES.URL_PRIVATE,
      errors: { url: [WEBHOOK_MESSAGES.URL_PRIVATE] },
    });
  });

  it("refuses moving an endpoint to a private address, and a name that does not resolve", async () => {
    const list = await call(strict, "GET", "/api/admin/webhooks", strictOwner.auth);
    expect(list.json().data).toEqual([]);
    const unknown = await call(strict, "POST", "/api/admin/webhooks", strictOwner.auth, {
      url: "https://no-such-host.invalid/hook",
      secret: SECRET,
      events: ["order.created"],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ url: [WEBHOOK_MESSAGES.URL_UNRESOLVED] });
    // A public address literal is accepted (nothing is sent until an event happens).
    const ok = await call(strict, "POST", "/api/admin/webhooks", strictOwner.auth, {
      url: "https://93.184.216.34/hook",
      secret: SECRET,
      events: ["order.created"],
    });
    expect(ok.statusCode).toBe(201);
    const moved = await call(
      strict,
      "PUT",
      `/api/admin/webhooks/${ok.json().data.id}`,
      strictOwner.auth,
      { url: "http://[::ffff:127.0.0.1]:9/x", events: ["order.created"] },
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ url: [WEBHOOK_MESSAGES.URL_PRIVATE] });
    await call(strict, "DELETE", `/api/admin/webhooks/${ok.json().data.id}`, strictOwner.auth);
  });
});

describe("deliveries", () => {
  it("queues a new order's event with the order (the request never waits) and sends it signed", async () => {
    const endpoint = await addEndpoint(["order.created"]);
    const other = await addEndpoint(["order.paid"]);
    const order = await newOrder();
    // Queued in the order's transaction; nothing sent yet (the worker's timer is off in tests).
    expect(receiver.received).toHaveLength(0);
    const queued = await deliveriesOf(endpoint.id);
    expect(queued.data).toEqual([
      expect.objectContaining({ type: "order.created", status: "pending", attempts: 0 }),
    ]);
    expect((await deliveriesOf(other.id)).data).toEqual([]);

    expect(await t.app.webhooks.worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(verified(got)).toBe(true);
    expect(verified(got, "another-secret-entirely")).toBe(false);
    expect(verified({ ...got, body: got.body.replace("Layla", "Layle") })).toBe(false);
    const event = JSON.parse(got.body);
    expect(Object.keys(event)).toEqual(["id", "type", "created_at", "data"]);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: "order.created",
      data: {
        order: {
          id: order.id,
          number: order.number,
          status: "pending",
          payment_status: "unpaid",
          currency: "USD",
          customer: { name: "Layla Haddad", email: "layla@example.com" },
          lines: [
            {
              product_id: product,
              name_ar: "بقلاوة",
              grams: 1000,
              quantity: 2,
              unit_price: 10,
              total: 20,
            },
          ],
        },
      },
    });
    const after = await deliveriesOf(endpoint.id);
    expect(after.data[0]).toMatchObject({
      event_id: event.id,
      status: "succeeded",
      attempts: 1,
      response_status: 200,
      last_error: null,
      next_attempt_at: null,
      body: got.body,
    });
    expect(after.meta).toMatchObject({ page: 1, total: 1 });
    const listed = await call(t, "GET", "/api/admin/webhooks", owner.auth);
    expect(listed.json().data.find((e: { id: number }) => e.id === endpoint.id)).toMatchObject({
      last_delivery: { status: "succeeded", response_status: 200 },
    });
  });

  it("tells of status changes, payments and inbox messages", async () => {
    await addEndpoint(["order.status_changed", "order.paid", "inbox.message"]);
    const order = await newOrder();
    const moved = await call(t, "PATCH", `/api/admin/orders/${order.id}`, owner.auth, {
      status: "confirmed",
    });
    expect(moved.statusCode).toBe(200);
    const paid = await call(t, "POST", `/api/admin/orders/${order.id}/payments`, owner.auth, {
      amount: 31,
    });
    expect(paid.statusCode).toBe(200);
    const contact = await call(
      t,
      "POST",
      "/api/contact",
      {},
      {
        name: "ليلى الشامي",
        email: "layla@example.com",
        phone: "+963 944 000 111",
        subject: "طلب كبير",
        message: "أريد 10 كغ",
        lang: "ar",
      },
    );
    expect(contact.statusCode).toBe(201);
    expect(await t.app.webhooks.worker.runOnce()).toBe(3);
    const events = receiver.received.map((got) => JSON.parse(got.body));
    expect(receiver.received.every((got) => verified(got))).toBe(true);
    expect(events.map((e) => e.type).sort()).toEqual([
      "inbox.message",
      "order.paid",
      "order.status_changed",
    ]);
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    expect(byType["order.status_changed"]).toMatchObject({
      previous_status: "pending",
      order: { number: order.number, status: "confirmed" },
    });
    expect(byType["order.paid"]).toMatchObject({
      order: { number: order.number, payment_status: "paid", total: 31 },
    });
    expect(byType["inbox.message"]).toMatchObject({
      message: { kind: "contact", name: "ليلى الشامي", message: "أريد 10 كغ" },
    });
  });

  it("retries a failing receiver with backoff for about a day, then gives up; 'send again' sends it once more", async () => {
    const endpoint = await addEndpoint(["order.created"]);
    receiver.answer(500);
    await newOrder();
    const start = new Date(Date.now() + 1_000);
    const worker = t.app.webhooks.worker;
    expect(await worker.runOnce(start)).toBe(0);
    let [delivery] = (await deliveriesOf(endpoint.id)).data;
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      response_status: 500,
      last_error: "HTTP 500",
      next_attempt_at: new Date(start.getTime() + 30_000).toISOString(),
    });
    // Not due a second before: nothing is sent.
    await worker.runOnce(new Date(start.getTime() + 29_000));
    expect(receiver.received).toHaveLength(1);
    // The schedule: +30 s, +2 min, +10 min, +1 h, +6 h, +18 h, then given up (7 tries).
    let at = start.getTime();
    for (const delay of [30_000, 120_000, 600_000, 3_600_000, 21_600_000, 64_800_000]) {
      at += delay;
      await worker.runOnce(new Date(at));
    }
    expect(receiver.received).toHaveLength(7);
    expect(receiver.received.every((got) => verified(got))).toBe(true);
    // The same event every time.
    expect(new Set(receiver.received.map((got) => JSON.parse(got.body).id)).size).toBe(1);
    [delivery] = (await deliveriesOf(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "failed", attempts: 7, next_attempt_at: null });
    expect(at - start.getTime()).toBeGreaterThan(24 * 3_600_000);
    await worker.runOnce(new Date(at + 7 * 24 * 3_600_000));
    expect(receiver.received).toHaveLength(7);

    // "Send again": queued (202), sent by the worker, not in the request.
    receiver.answer(204);
    const again = await call(
      t,
      "POST",
      `/api/admin/webhooks/deliveries/${delivery.id}/retry`,
      owner.auth,
    );
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ id: delivery.id, status: "pending" });
    expect(receiver.received).toHaveLength(7);
    expect(await worker.runOnce()).toBe(1);
    [delivery] = (await deliveriesOf(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 8, response_status: 204 });
  });

  it("refuses at send time an endpoint that now points at a private address", async () => {
    const endpoint = await addEndpoint(["order.created"]);
    const named = await addEndpoint(
      ["order.created"],
      receiver.url.replace("127.0.0.1", "localhost"),
    );
    await newOrder();
    // The same queue sent by a worker that does not allow private addresses (the shop's
    // default): the name or literal is checked when connecting, not only when saved.
    const guarded = createWebhookWorker({ db: t.database.db, allowPrivate: false });
    expect(await guarded.runOnce()).toBe(0);
    await guarded.stop();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await deliveriesOf(endpoint.id)).data;
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: null });
    expect(delivery.last_error).toMatch(/127\.0\.0\.1.*private/);
    // A name is resolved when connecting, and what it resolves to is checked.
    const [byName] = (await deliveriesOf(named.id)).data;
    expect(byName).toMatchObject({ status: "pending", attempts: 1, response_status: null });
    expect(byName.last_error).toMatch(/(127\.0\.0\.1|::1).*private/);
  });

  it("sends nothing for an endpoint deleted while its delivery waited", async () => {
    const endpoint = await addEndpoint(["order.created"]);
    await newOrder();
    await call(t, "DELETE", `/api/admin/webhooks/${endpoint.id}`, owner.auth);
    created.length = 0;
    expect(await t.app.webhooks.worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const left = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left).toEqual([]);
  });
});
