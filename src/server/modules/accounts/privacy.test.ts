import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_DELETION_MESSAGES,
  DELETED_CUSTOMER,
} from "../../../shared/domain/account-privacy.ts";
import { accountExport } from "../../../shared/schemas/account-privacy.ts";
import { tokens, users } from "../../db/schema/accounts.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { webhookEndpoints } from "../../db/schema/webhooks.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

/** Issue 25, privacy: "download my data" and "delete my account" (ADR 0026). */

let t: TestApp;
let baklava: number;
beforeAll(async () => {
  // Order e-mails are queued (never sent: no worker in tests), so erasure meets them.
  t = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
  baklava = await addProduct(t.database.db, {
    name: "Baklava",
    nameAr: "بقلاوة",
    priceCents: 2000,
    options: [{ grams: 500 }],
  });
});
afterAll(() => t.close());

let people = 0;
const PASSWORD = "privacy-secret-1";

type Person = { id: number; email: string; token: string; auth: { authorization: string } };

async function register(opts: { admin?: boolean } = {}): Promise<Person> {
  people += 1;
  const email = `privacy${people}@example.com`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: {
      name: `Person ${people}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.statusCode).toBe(201);
  const { token, user } = res.json();
  if (opts.admin)
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
  return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

async function orderAs(person: Person, extra: Record<string, unknown> = {}) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: baklava, grams: 500, qty: 2 }], {
      email: person.email,
      notes: "Ring twice, ask for Layla",
      ...extra,
    }),
    { headers: person.auth },
  );
  expect(res.statusCode).toBe(201);
  return res.json().data as { number: string; total: number };
}

const exportOf = (auth: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/account/export", headers: auth });

const deleteAccount = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: "DELETE",
    url: "/api/account",
    headers: auth,
    payload: payload as object,
  });

/** Rows of a raw query, on PGlite and PostgreSQL alike. */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const signIn = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password: PASSWORD } });

describe("GET /api/account/export", () => {
  it("downloads the profile, addresses, orders with lines and subscriptions as an attachment", async () => {
    const me = await register();
    const other = await register();
    await t.app.inject({
      method: "PUT",
      url: "/api/account",
      headers: me.auth,
      payload: { name: "Amal Haddad", email: me.email, country: "QA", location: "Doha" },
    });
    const first = await orderAs(me);
    const second = await orderAs(me, { city: "Aleppo", address: "Old town 5" });
    await orderAs(other);
    await t.database.db.insert(newsletterSubscribers).values({ email: me.email, lang: "ar" });

    const res = await exportOf(me.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = accountExport.parse(res.json());
    expect(body.profile).toMatchObject({
      id: me.id,
      name: "Amal Haddad",
      email: me.email,
      email_verified: false,
      country: "QA",
      location: "Doha",
      is_admin: false,
    });
    // Newest first; only this account's orders.
    expect(body.orders.map((o) => o.number)).toEqual([second.number, first.number]);
    expect(body.orders[1]).toMatchObject({
      name: "Layla Haddad",
      email: me.email,
      notes: "Ring twice, ask for Layla",
      total: first.total,
      lines: [
        {
          name_en: "Baklava",
          name_ar: "بقلاوة",
          grams: 500,
          qty: 2,
          unit_price: 10,
          line_total: 20,
        },
      ],
      history: [{ status: "pending" }],
    });
    expect(body.addresses.map((a) => [a.source, a.city, a.address])).toEqual([
      ["account", null, "Doha"],
      ["order", "Aleppo", "Old town 5"],
      ["order", orderBody([]).city, orderBody([]).address],
    ]);
    expect(body.newsletter_subscriptions).toEqual([
      { email: me.email, language: "ar", subscribed_at: expect.any(String) },
    ]);
    // Nothing about the other customer, and no secret of this one.
    const raw = res.body;
    expect(raw).not.toContain(other.email);
    expect(raw).not.toMatch(/password|token_hash|argon2/i);
  });

  it("includes a gift's recipient, card message and wrapping", async () => {
    const me = await register();
    const gift = {
      recipient_name: "Samira Haddad",
      recipient_phone: "+963 933 000 111",
      message: "Happy Eid!",
      wrap: false,
    };
    const order = await orderAs(me, { gift });
    const plain = await orderAs(me);
    const body = accountExport.parse((await exportOf(me.auth)).json());
    const byNumber = new Map(body.orders.map((o) => [o.number, o]));
    // The recipient's phone as stored: E.164.
    expect(byNumber.get(order.number)).toMatchObject({
      gift: { ...gift, recipient_phone: "+963933000111" },
      gift_wrap: 0,
    });
    expect(byNumber.get(plain.number)).toMatchObject({ gift: null, gift_wrap: 0 });
  });

  it("needs a signed-in customer", async () => {
    expect((await exportOf({})).statusCode).toBe(401);
    expect((await exportOf({ authorization: "Bearer forged" })).statusCode).toBe(401);
  });
});

describe("DELETE /api/account", () => {
  it("refuses a wrong or missing password with 422, and a stranger with 401", async () => {
    const me = await register();
    const wrong = await deleteAccount(me.auth, { password: "not-my-password" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: ACCOUNT_DELETION_MESSAGES.PASSWORD_WRONG,
      errors: { password: [ACCOUNT_DELETION_MESSAGES.PASSWORD_WRONG] },
    });
    const missing = await deleteAccount(me.auth, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual([ACCOUNT_DELETION_MESSAGES.PASSWORD_REQUIRED]);
    // Another customer's password does not delete this account, nor theirs.
    const other = await register();
    expect((await deleteAccount(other.auth, { password: "wrong" })).statusCode).toBe(422);
    expect((await deleteAccount({}, { password: PASSWORD })).statusCode).toBe(401);
    expect((await signIn(me.email)).statusCode).toBe(200);
    expect((await signIn(other.email)).statusCode).toBe(200);
  });

  it("erases the account and its sessions, and keeps its orders anonymised with their totals", async () => {
    const me = await register();
    const other = await register();
    const secondSession = (await signIn(me.email)).json().token as string;
    const mine = await orderAs(me);
    const theirs = await orderAs(other);
    await t.database.db.insert(newsletterSubscribers).values({ email: me.email.toUpperCase() });
    const [before] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, mine.number));
    const linesBefore = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, before!.id));

    // Delivered: an order that is closed does not stop the deletion.
    await t.database.db
      .update(orders)
      .set({ status: "completed" })
      .where(eq(orders.number, mine.number));
    const res = await deleteAccount(me.auth, { password: PASSWORD });
    expect(res.statusCode).toBe(204);

    // Every session ends: the row and its tokens are gone.
    for (const token of [me.token, secondSession]) {
      const again = await t.app.inject({
        method: "GET",
        url: "/api/account",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(again.statusCode).toBe(401);
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    expect(await t.database.db.select().from(tokens).where(eq(tokens.userId, me.id))).toHaveLength(
      0,
    );
    expect((await signIn(me.email)).statusCode).toBe(401);

    // The order stays for the books: totals, lines, country and payment kept; the person gone.
    const [after] = await t.database.db.select().from(orders).where(eq(orders.number, mine.number));
    expect(after).toMatchObject({
      userId: null,
      name: DELETED_CUSTOMER,
      phone: DELETED_CUSTOMER,
      email: null,
      city: DELETED_CUSTOMER,
      address: DELETED_CUSTOMER,
      notes: null,
      country: before!.country,
      status: "completed",
      paymentMethod: before!.paymentMethod,
      subtotalCents: before!.subtotalCents,
      discountCents: before!.discountCents,
      deliveryFeeCents: before!.deliveryFeeCents,
      totalCents: before!.totalCents,
    });
    expect(
      await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, before!.id)),
    ).toEqual(linesBefore);
    // The back office's search no longer finds the person.
    const [search] = await t.database.db
      .execute<{ search_text: string }>(
        sql`select search_text from order_desk where order_id = ${before!.id}`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { search_text: string }[] }).rows));
    expect(search).toBeDefined();
    expect(search!.search_text.toLowerCase()).not.toMatch(/layla|privacy\d+@/);

    // Subscription and e-mails to the address are gone too; another customer is untouched.
    expect(
      await t.database.db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${me.email}`),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, me.email)),
    ).toHaveLength(0);
    const [kept] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, theirs.number));
    expect(kept).toMatchObject({ userId: other.id, name: "Layla Haddad", email: other.email });

    // The address is free again.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "New",
        email: me.email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(again.statusCode).toBe(201);
  });

  it("erases every copy of the person: gift, bell, staff notes and their audit, webhook bodies, order e-mails", async () => {
    const db = t.database.db;
    const staff = await createUserWithToken(t.app, { admin: true });
    await db.insert(webhookEndpoints).values({
      // Never reached: no worker runs in tests, and a loopback address is refused anyway.
      url: "http://127.0.0.1:1/hook",
      secret: "s".repeat(32),
      events: ["order.created", "order.status_changed", "order.paid"],
    });
    const me = await register();
    // Everything that names her, each once, so a copy anywhere is found below.
    const marks = {
      name: "Nadia Qabbani",
      phone: "944 777 888",
      city: "Qatana",
      address: "Jasmine Lane 77",
      notes: "Leave it with the doorman Fadi",
      altEmail: "nadia.alt@example.com",
      recipient: "Samira Recipient",
      recipientPhone: "933 123 321",
      card: "Happy Eid, Samira",
      staffNote: "Prefers pistachio, call after five",
    };
    await db.update(users).set({ name: marks.name }).where(eq(users.id, me.id));
    const details = {
      name: marks.name,
      phone: `+963 ${marks.phone}`,
      city: marks.city,
      address: marks.address,
      notes: marks.notes,
    };
    const giftOrder = await orderAs(me, {
      ...details,
      gift: {
        recipient_name: marks.recipient,
        recipient_phone: `+963 ${marks.recipientPhone}`,
        message: marks.card,
        wrap: false,
      },
    });
    const otherAddress = await orderAs(me, { ...details, email: marks.altEmail });
    const note = await t.app.inject({
      method: "POST",
      url: `/api/admin/customers/a-${me.id}/notes`,
      headers: staff.auth,
      payload: { body: marks.staffNote },
    });
    expect(note.statusCode).toBe(201);
    // Delivered through the back office: status e-mails and webhook events on the way.
    for (const number of [giftOrder.number, otherAddress.number]) {
      const [row] = await db.select().from(orders).where(eq(orders.number, number));
      for (const status of ["confirmed", "preparing", "shipped", "completed"]) {
        const res = await t.app.inject({
          method: "PATCH",
          url: `/api/admin/orders/${row!.id}`,
          headers: staff.auth,
          payload: { status },
        });
        expect(res.statusCode, status).toBe(200);
      }
    }

    /** Rows of every table in the database that contain the text, by table. */
    const copiesOf = async (needle: string) => {
      const tables = await rowsOf<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      );
      const found: string[] = [];
      for (const { name } of tables) {
        const [hit] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(name)} as r
              where r::text ilike ${`%${needle}%`}`,
        );
        if (hit!.n > 0) found.push(name);
      }
      return found;
    };
    // Before: the copies the report found are there (so the check below can see them).
    await vi.waitFor(async () => expect(await copiesOf(marks.altEmail)).toContain("mail_outbox"));
    const before = await copiesOf(marks.name);
    for (const table of ["orders", "notifications", "webhook_deliveries", "mail_outbox"])
      expect(before, table).toContain(table);
    expect(await copiesOf(marks.card)).toContain("orders");
    expect(await copiesOf(marks.staffNote)).toEqual(
      expect.arrayContaining(["customer_notes", "audit_log"]),
    );

    expect((await deleteAccount(me.auth, { password: PASSWORD })).statusCode).toBe(204);

    // An issued invoice is a record the shop must keep as issued (tax law): the one copy that
    // stays; every other copy is gone.
    for (const [what, needle] of Object.entries({ ...marks, email: me.email }))
      expect(
        (await copiesOf(needle)).filter((table) => table !== "invoices"),
        what,
      ).toEqual([]);

    // What stays: the gift as a gift (its wrapping is in the total), the bell item, the
    // webhook delivery (re-sendable, now without her), the audit entry's who and when.
    const [gift] = await db.select().from(orders).where(eq(orders.number, giftOrder.number));
    expect(gift!.gift).toEqual({
      recipientName: DELETED_CUSTOMER,
      recipientPhone: DELETED_CUSTOMER,
      message: null,
      wrap: false,
    });
    const [bell] = await rowsOf<{ data: { customer: string } }>(
      sql`select data from notifications where (data ->> 'order_id')::bigint = ${gift!.id}`,
    );
    expect(bell!.data.customer).toBe(DELETED_CUSTOMER);
    const deliveries = await rowsOf<{ id: number; body: string }>(
      sql`select id, body from webhook_deliveries
          where (body::jsonb #>> '{data,order,id}')::bigint = ${gift!.id} order by id`,
    );
    expect(deliveries.length).toBeGreaterThanOrEqual(5);
    const sent = JSON.parse(deliveries[0]!.body);
    expect(sent).toMatchObject({
      type: "order.created",
      data: {
        order: {
          number: giftOrder.number,
          total: giftOrder.total,
          customer: { name: DELETED_CUSTOMER, email: null, phone: DELETED_CUSTOMER },
          shipping: { country: "SY", city: DELETED_CUSTOMER, address: DELETED_CUSTOMER },
          notes: null,
        },
      },
    });
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/admin/webhooks/deliveries/${deliveries[0]!.id}/retry`,
      headers: staff.auth,
    });
    expect(retry.statusCode).toBe(202);
    expect((await copiesOf(marks.name)).filter((table) => table !== "invoices")).toEqual([]);
    const [audit] = await rowsOf<{ changes: unknown }>(
      sql`select changes from audit_log where entity = 'customer' and entity_id = ${`a-${me.id}`}`,
    );
    expect(audit!.changes).toEqual([{ field: "note", before: null, after: null, redacted: true }]);
  });

  it("refuses (409) while an order is open, naming it; the check says so first; closed orders do not stop it", async () => {
    const me = await register();
    const pending = await orderAs(me);
    const delivered = await orderAs(me);
    const cancelled = await orderAs(me);
    const setState = (number: string, state: Partial<typeof orders.$inferInsert>) =>
      t.database.db.update(orders).set(state).where(eq(orders.number, number));
    await setState(delivered.number, { status: "completed", paymentStatus: "paid" });
    await setState(cancelled.number, { status: "canceled" });

    const check = async () =>
      (await t.app.inject({ url: "/api/account/deletion", headers: me.auth })).json().data;
    expect(await check()).toEqual({
      allowed: false,
      open_orders: [{ number: pending.number, status: "pending", payment_status: "unpaid" }],
    });

    const refused = await deleteAccount(me.auth, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.message).toContain(ACCOUNT_DELETION_MESSAGES.OPEN_ORDERS);
    expect(body.message).toContain(pending.number);
    expect(body.message).toMatch(/cancel/);
    expect(body.message).not.toContain(delivered.number);
    expect(body.errors).toEqual({ account: [body.message] });
    // Nothing was erased: the account signs in, the order still names her.
    expect((await signIn(me.email)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, pending.number));
    expect(row).toMatchObject({ userId: me.id, name: "Layla Haddad", email: me.email });

    // Cancelled after she paid: open until the money is given back.
    await setState(pending.number, { status: "canceled", paymentStatus: "paid" });
    expect((await check()).open_orders).toEqual([
      { number: pending.number, status: "canceled", payment_status: "paid" },
    ]);
    expect((await deleteAccount(me.auth, { password: PASSWORD })).statusCode).toBe(409);

    await setState(pending.number, { paymentStatus: "refunded" });
    expect(await check()).toEqual({ allowed: true, open_orders: [] });
    expect((await deleteAccount(me.auth, { password: PASSWORD })).statusCode).toBe(204);
  });

  it("the deletion check needs a signed-in customer", async () => {
    expect((await t.app.inject({ url: "/api/account/deletion" })).statusCode).toBe(401);
  });

  it("the shop's last admin, or its last owner, cannot delete itself (422)", async () => {
    // Start from no admin at all, whatever the test database began with.
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const only = await register({ admin: true });
    const alone = await deleteAccount(only.auth, { password: PASSWORD });
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toEqual({
      message: ACCOUNT_DELETION_MESSAGES.LAST_ADMIN,
      errors: { account: [ACCOUNT_DELETION_MESSAGES.LAST_ADMIN] },
    });

    // A second admin who is not an owner: the only owner still cannot go.
    const helper = await register({ admin: true });
    await t.database.db.execute(
      sql`update admin_roles set role = 'orders' where user_id = ${helper.id}`,
    );
    const lastOwner = await deleteAccount(only.auth, { password: PASSWORD });
    expect(lastOwner.statusCode).toBe(422);
    expect(lastOwner.json().message).toBe(ACCOUNT_DELETION_MESSAGES.LAST_OWNER);

    // The non-owner admin may go; with two owners, either may.
    expect((await deleteAccount(helper.auth, { password: PASSWORD })).statusCode).toBe(204);
    const second = await register({ admin: true });
    expect((await deleteAccount(only.auth, { password: PASSWORD })).statusCode).toBe(204);
    expect((await signIn(second.email)).statusCode).toBe(200);
  });
});
