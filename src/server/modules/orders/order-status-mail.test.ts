import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isolatedList } from "../../../shared/domain/bidi.ts";
import { settingsToForm } from "../../../shared/domain/settings.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { type ReceivedMail, startSmtp } from "../../test/smtp.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Issue 25: the customer hears of each move of their order, by e-mail through a real SMTP
// server on loopback, in the order's language; the owner switches each kind on or off.

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let product: number;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  product = await addProduct(t.database.db, { name: "Maamoul", nameAr: "معمول", priceCents: 2000 });
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Messages" });
  customer = await createUserWithToken(t.app);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(mailOutbox);
});

const send = (method: "GET" | "PATCH" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: admin.auth, payload: payload as object });

/** A guest order in `lang`; the order e-mails it queued are cleared. */
async function order(lang: "en" | "ar", extra: Record<string, unknown> = {}) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 2 }], {
      lang,
      name: lang === "ar" ? "ليلى حداد" : "Layla Haddad",
      ...extra,
    }),
    { headers: { cookie: `lang=${lang}` } },
  );
  expect(res.statusCode).toBe(201);
  const { number } = res.json().data;
  const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
  await t.database.db.delete(mailOutbox);
  return row!;
}

async function move(id: number, status: string, extra: Record<string, unknown> = {}) {
  const res = await send("PATCH", `/api/admin/orders/${id}`, { status, ...extra });
  expect(res.statusCode, res.body).toBe(200);
}

/** Sends what is queued and answers the customer's e-mails (the shop gets none here). */
async function delivered(): Promise<ReceivedMail[]> {
  await t.app.mailWorker!.runOnce();
  return smtp.received.filter((m) => m.to.includes("layla@example.com"));
}

async function switches(patch: Record<string, boolean>) {
  const { updated_at: _u, ...form } = settingsToForm(await t.app.services.settings.get());
  const res = await send("PUT", "/api/admin/settings", {
    ...form,
    order_messages: { ...form.order_messages, ...patch },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("status e-mails", () => {
  it("confirmed, shipped (carrier and tracking link), completed: in English, with the order's shipping", async () => {
    const carrier = (
      await send("POST", "/api/admin/shipping/carriers", {
        name: "Example Express",
        name_ar: "إكسبرس المثال",
        tracking_url: "https://track.example.com/t/{number}",
      })
    ).json().data;
    const row = await order("en");
    await t.database.db
      .update(orders)
      .set({ deliveryDate: "2026-12-03" })
      .where(eq(orders.id, row.id));

    await move(row.id, "confirmed");
    let mails = await delivered();
    expect(mails).toHaveLength(1);
    const confirmed = mails[0]!.text;
    expect(confirmed).toContain(`Your order ${row.number} is confirmed`);
    expect(confirmed).toContain("Hello Layla Haddad,");
    expect(confirmed).toContain("Delivery method: Home delivery");
    expect(confirmed).toContain("Delivery day: Thu 3 Dec");
    // Each part of the address isolated in the HTML; the plain text carries no invisible marks.
    expect(confirmed).toContain("Example Street 5, Damascus, Syria");
    expect(confirmed).not.toContain(isolatedList(["Example Street 5", "Damascus", "Syria"], "en"));
    expect(confirmed).toContain(
      "<bdi>Example Street 5</bdi>, <bdi>Damascus</bdi>, <bdi>Syria</bdi>",
    );
    expect(confirmed).toContain("Total: $47.00");
    // The private link opens the order without signing in.
    const link = /https:\/\/shop\.example\.com(\/order\/[^\s"<>]+\?key=[A-Za-z0-9_-]+)/.exec(
      confirmed,
    );
    expect(link).not.toBeNull();
    const page = await t.app.inject(`/api${link![1]!.replace("/order/", "/orders/")}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.number).toBe(row.number);
    // The HTML part, undone from quoted-printable (soft line breaks, "=3D").
    const html = mails[0]!.raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
    expect(html).toMatch(/<html [^>]*dir="ltr" lang="en"/);

    // Preparing says nothing.
    smtp.received.length = 0;
    await move(row.id, "preparing");
    expect(await delivered()).toHaveLength(0);

    await move(row.id, "shipped", { carrier: carrier.id, tracking_number: "AB123" });
    mails = await delivered();
    expect(mails).toHaveLength(1);
    const shipped = mails[0]!.text;
    expect(shipped).toContain(`Your order ${row.number} is on its way`);
    expect(shipped).toContain("Carrier: Example Express");
    expect(shipped).toContain("Tracking number: AB123");
    expect(shipped).toContain("https://track.example.com/t/AB123");

    smtp.received.length = 0;
    await move(row.id, "completed");
    mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your order ${row.number} is complete`);
  });

  it("cancelled with a reason, in Arabic and right to left, the name isolated", async () => {
    const row = await order("ar");
    await move(row.id, "canceled", { note: "نفدت الكمية" });
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(`ألغينا طلبك ${row.number}.`);
    expect(text).toContain("السبب: نفدت الكمية");
    expect(text).toContain("مرحباً ليلى حداد،");
    expect(text).toContain("طريقة التوصيل: توصيل إلى العنوان");
    expect(text).toContain('dir="rtl"');
    expect(text).toContain('<bdi dir="auto">ليلى حداد</bdi>');
    expect(text).toContain('<bdi dir="auto">نفدت الكمية</bdi>');
    expect(text).not.toContain("Your order");
  });

  it("a cancellation without a reason says none", async () => {
    const row = await order("en");
    await move(row.id, "canceled");
    const [mail] = await delivered();
    expect(mail!.text).toContain(`We have cancelled your order ${row.number}.`);
    expect(mail!.text).not.toContain("Reason:");
  });

  it("paid: the amount received, in the order's language", async () => {
    const row = await order("ar", { payment_method: "bank_transfer" });
    const res = await send("POST", `/api/admin/orders/${row.id}/payments`, { amount: 47 });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`استلمنا دفعتك للطلب ${row.number}`);
    expect(mails[0]!.text).toContain("47.00");
    // A refused payment (already paid) queues nothing.
    await t.database.db.delete(mailOutbox);
    const again = await send("POST", `/api/admin/orders/${row.id}/payments`, { amount: 47 });
    expect(again.statusCode).toBe(422);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("a refused move queues nothing: the change and its message go together", async () => {
    const row = await order("en");
    const res = await send("PATCH", `/api/admin/orders/${row.id}`, { status: "completed" });
    expect(res.statusCode).toBe(422);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("a phone-only order gets no e-mail", async () => {
    const row = await order("en", { email: null, phone: "+963 944 000 222" });
    await move(row.id, "confirmed");
    await move(row.id, "canceled", { note: "No answer" });
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("an account's order follows the same rules", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { email: customer.email }),
      { headers: customer.auth },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.number, res.json().data.number));
    await t.database.db.delete(mailOutbox);
    await move(row!.id, "confirmed");
    await t.app.mailWorker!.runOnce();
    expect(smtp.received.filter((m) => m.to.includes(customer.email))).toHaveLength(1);
  });
});

describe("the owner's switches", () => {
  it("a kind switched off sends nothing; the others still go; on again, it goes", async () => {
    await switches({ confirmed: false, canceled: false });
    try {
      const row = await order("en");
      await move(row.id, "confirmed");
      await move(row.id, "canceled", { note: "Out of stock" });
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);

      const paid = await order("en");
      expect(
        (await send("POST", `/api/admin/orders/${paid.id}/payments`, { amount: 47 })).statusCode,
      ).toBe(200);
      const mails = await delivered();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("we have received your payment");
    } finally {
      await switches({ confirmed: true, canceled: true });
    }
    smtp.received.length = 0;
    const row = await order("en");
    await move(row.id, "confirmed");
    expect(await delivered()).toHaveLength(1);
  });

  it("the cancelled switch covers the system's cancellation of an unpaid order too", async () => {
    const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    await switches({ canceled: false });
    try {
      const quiet = await order("en");
      const ended = await t.app.reservationWorker.runOnce(later(24 * 31));
      expect(ended.cancelled).toContain(quiet.number);
      expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await switches({ canceled: true });
    }
    const told = await order("en");
    const ended = await t.app.reservationWorker.runOnce(later(24 * 31));
    expect(ended.cancelled).toContain(told.number);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.map((r) => r.kind)).toEqual(["order_cancelled_unpaid"]);
  });

  it("are read and written in the settings, each change in the history", async () => {
    const read = await send("GET", "/api/admin/settings");
    expect(read.json().data.order_messages).toEqual({
      confirmed: true,
      shipped: true,
      completed: true,
      canceled: true,
      paid: true,
    });
    await switches({ shipped: false });
    try {
      expect((await send("GET", "/api/admin/settings")).json().data.order_messages.shipped).toBe(
        false,
      );
      const history = await send("GET", "/api/admin/audit?entity=settings&entity_id=shop");
      const changes = history.json().data[0].changes;
      expect(changes).toContainEqual({
        field: "order_messages.shipped",
        before: true,
        after: false,
      });
      // The storefront's settings do not carry them.
      const pub = await t.app.inject("/api/settings");
      expect(pub.json().data).not.toHaveProperty("order_messages");
    } finally {
      await switches({ shipped: true });
    }
  });

  it("refuses a switch that is not on or off (422 keyed by the switch)", async () => {
    const { updated_at: _u, ...form } = settingsToForm(await t.app.services.settings.get());
    const res = await send("PUT", "/api/admin/settings", {
      ...form,
      order_messages: { ...form.order_messages, paid: "sometimes" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["order_messages.paid"]).toEqual([
      "Each order e-mail is either on or off.",
    ]);
  });

  it("only an admin changes them: 401 anonymous, 403 for a customer, nothing changed", async () => {
    const { updated_at: _u, ...form } = settingsToForm(await t.app.services.settings.get());
    const off = { ...form, order_messages: { ...form.order_messages, paid: false } };
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: off,
    });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: customer.auth,
      payload: off,
    });
    expect(asCustomer.statusCode).toBe(403);
    // An admin of the orders desk (issue 27's roles) sends messages but does not set them.
    const desk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const asDesk = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: desk.auth,
      payload: off,
    });
    expect(asDesk.statusCode).toBe(403);
    expect((await t.app.services.settings.get()).orderMessages.paid).toBe(true);
  });
});

describe("POST /api/admin/orders/:id/message (the messaging-app text)", () => {
  it("is in the order's language with its state and a private link that opens the order", async () => {
    const row = await order("ar", { phone: "0944 000 333" });
    await move(row.id, "confirmed");
    // The back office is in English; the message is in the order's Arabic.
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${row.id}/message`,
      headers: { ...admin.auth, cookie: "lang=en" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { text, phone, link, lang } = res.json().data;
    expect(lang).toBe("ar");
    expect(phone).toBe("963944000333");
    expect(text).toContain(`بخصوص طلبك ${row.number}`);
    expect(text).toContain("الحالة: مؤكَّد");
    expect(text).toContain("47.00");
    expect(text).toContain(link);
    // An Arabic order's link opens the Arabic page.
    expect(link).toMatch(/^https:\/\/shop\.example\.com\/ar\/order\/SW-\d+\?key=[\w-]+$/);
    const page = await t.app.inject(
      `/api${new URL(link).pathname.replace("/ar/order/", "/orders/")}${new URL(link).search}`,
    );
    expect(page.statusCode).toBe(200);
  });

  it("404 for an unknown order; 401, 403 for a customer and for a kitchen admin", async () => {
    const row = await order("en");
    const url = `/api/admin/orders/${row.id}/message`;
    expect((await send("POST", "/api/admin/orders/999999/message")).statusCode).toBe(404);
    expect((await send("POST", "/api/admin/orders/abc/message")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ method: "POST", url, headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    const kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
    expect((await t.app.inject({ method: "POST", url, headers: kitchen.auth })).statusCode).toBe(
      403,
    );
  });
});

describe("without SMTP_URL", () => {
  it("a status change queues nothing", async () => {
    const plain = await createTestApp();
    try {
      const owner = await createUserWithToken(plain.app, { admin: true });
      const id = await addProduct(plain.database.db);
      const res = await placeOrder(plain.app, orderBody([{ productId: id, grams: 1000, qty: 1 }]));
      const [row] = await plain.database.db
        .select()
        .from(orders)
        .where(eq(orders.number, res.json().data.number));
      const moved = await plain.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${row!.id}`,
        headers: owner.auth,
        payload: { status: "confirmed" },
      });
      expect(moved.statusCode).toBe(200);
      expect(await plain.database.db.select().from(mailOutbox)).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
