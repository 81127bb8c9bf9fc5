import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceReminders } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// The automatic reminders: one e-mail on the day an invoice on terms falls due, one a week
// later if still unpaid, in the trader's language, once however many instances run the job.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;
const DUE = "2026-12-01";
/** Noon on the business clock of `day`. */
const noonOf = (day: string, plus = 0) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + plus * 24 * 3_600_000);

beforeAll(async () => {
  t = await createTestApp({
    env: { SMTP_URL: "smtp://127.0.0.1:1", PUBLIC_URL: "https://shop.example.com" },
  });
  owner = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.database.db, { priceCents: 3000 });
});
afterAll(() => t.close());

async function traderOrder(lang: "en" | "ar", email: string): Promise<number> {
  const list = await t.app.inject({
    method: "POST",
    url: "/api/admin/price-lists",
    headers: owner.auth,
    payload: { name: `List ${email}`, min_order_total: 0, products: [], categories: [] },
  });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/admin/traders",
    headers: owner.auth,
    payload: {
      company_name: lang === "ar" ? "شركة الحداد" : "Haddad GmbH",
      contact_name: "Omar",
      email,
      phone: "+49 30 000000",
      country: "DE",
      lang,
      price_list_id: list.json().data.id,
      terms_days: 30,
      credit_limit: 5000,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { token } = await t.app.services.tokens.issue(created.json().data.user_id, "customer");
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 2 }], { payment_method: "invoice" }),
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.database.db
    .update(orders)
    .set({ dueDate: DUE })
    .where(eq(orders.number, res.json().data.number))
    .returning({ id: orders.id });
  return row!.id;
}

const reminders = () =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "payment_reminder"));

async function setReminders(on: boolean) {
  const current = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
  const { updated_at: _date, ...values } = current.json().data;
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    headers: owner.auth,
    payload: { ...values, invoice_due_reminders: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("invoice due reminders", () => {
  let english: number;
  let arabic: number;

  beforeAll(async () => {
    english = await traderOrder("en", "omar@example.com");
    arabic = await traderOrder("ar", "rana@example.com");
  });

  it("wait for the due day", async () => {
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, -1))).toBe(0);
    expect(await reminders()).toHaveLength(0);
  });

  it("on the due day: one e-mail per invoice in the trader's language, once across two instances", async () => {
    const [a, b] = await Promise.all([
      t.app.dueReminderWorker!.runOnce(noonOf(DUE)),
      t.app.dueReminderWorker!.runOnce(noonOf(DUE)),
    ]);
    expect(a + b).toBe(2);
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, 1))).toBe(0);
    const mails = await reminders();
    expect(mails.map((m) => m.to).sort()).toEqual(["omar@example.com", "rana@example.com"]);
    const en = mails.find((m) => m.to === "omar@example.com")!;
    expect(en.subject).toMatch(/^Invoice (INV-\d{4}-\d{6}|SW-\d+) is due today/);
    expect(en.text).toContain("Hello Haddad GmbH,");
    expect(en.text).toContain(`falls due today, ${DUE}.`);
    expect(en.text).toContain("https://shop.example.com/account");
    const ar = mails.find((m) => m.to === "rana@example.com")!;
    expect(ar.subject).toContain("تستحق اليوم");
    expect(ar.text).toContain("https://shop.example.com/ar/account");
    expect(ar.html).toContain('dir="rtl"');
    expect(
      await t.database.db
        .select()
        .from(invoiceReminders)
        .where(inArray(invoiceReminders.orderId, [english, arabic])),
    ).toHaveLength(2);
  });

  it("a week overdue: one more, not for an invoice paid meanwhile", async () => {
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${arabic}/payments`,
      headers: owner.auth,
      payload: { amount: 60, method: "bank_transfer" },
    });
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, 6))).toBe(0);
    const [a, b] = await Promise.all([
      t.app.dueReminderWorker!.runOnce(noonOf(DUE, 7)),
      t.app.dueReminderWorker!.runOnce(noonOf(DUE, 7)),
    ]);
    expect(a + b).toBe(1);
    const overdue = (await reminders()).filter((m) => m.subject.includes("overdue"));
    expect(overdue.map((m) => m.to)).toEqual(["omar@example.com"]);
    expect(overdue[0]!.text).toContain(`was due on ${DUE} and is still open.`);
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, 9))).toBe(0);
  });

  it("the owner can turn them off; an invoice long overdue is left to the owner's reminder", async () => {
    const later = await traderOrder("en", "lina@example.com");
    await setReminders(false);
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE))).toBe(0);
    await setReminders(true);
    // Three weeks after the due date both windows have passed.
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, 21))).toBe(0);
    // Within the late window the job catches up with the one it missed.
    expect(await t.app.dueReminderWorker!.runOnce(noonOf(DUE, 2))).toBe(1);
    const rows = await t.database.db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.orderId, later));
    expect(rows.map((r) => r.kind)).toEqual(["due"]);
  });
});
