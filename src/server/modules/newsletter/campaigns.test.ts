import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_MESSAGES } from "../../../shared/domain/campaigns.ts";
import { campaignRecipients } from "../../db/schema/campaigns.ts";
import { products } from "../../db/schema/catalog.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { mailTestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import type { ReceivedMail } from "../../test/smtp.ts";
import { createCampaignService } from "./campaigns.ts";

/** Newsletter campaigns: both languages, a set pace, exactly once through a restart. */

const ctx = mailTestApp();
const db = () => ctx.t.database.db;
const BASE = "https://shop.example.com";

async function owner() {
  return (await createUserWithToken(ctx.t.app, { admin: true })).auth;
}

async function productId(): Promise<number> {
  const [row] = await db()
    .insert(products)
    .values({
      sku: `SW-${Date.now()}-${Math.random()}`,
      nameEn: "Pistachio baklava",
      nameAr: "بقلاوة بالفستق",
      priceCents: 2400,
      active: true,
    })
    .returning({ id: products.id });
  return Number(row!.id);
}

const valid = (product?: number) => ({
  subject: "Ramadan sweets are here",
  subject_ar: "حلويات رمضان وصلت",
  body: [
    { type: "heading", text: "Ramadan" },
    { type: "paragraph", text: "Fresh <maamoul> every morning." },
    { type: "link", text: "Order now", url: "/shop" },
    { type: "image", url: "/uploads/1", alt: "A tray" },
    ...(product ? [{ type: "product", product_id: product }] : []),
  ],
  body_ar: [
    { type: "heading", text: "رمضان" },
    { type: "paragraph", text: "معمول طازج كل صباح." },
    ...(product ? [{ type: "product", product_id: product }] : []),
  ],
});

/** Only these addresses are subscribers now (half Arabic), plus a pending one that gets nothing. */
async function subscribers(n: number, prefix: string) {
  await db().delete(newsletterSubscribers);
  const rows = Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}@example.com`,
    lang: (i % 2 ? "ar" : "en") as "en" | "ar",
    confirmedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db()
      .insert(newsletterSubscribers)
      .values(rows.slice(i, i + 500));
  await db()
    .insert(newsletterSubscribers)
    .values({ email: `${prefix}pending@example.com`, lang: "en" });
}

async function create(auth: Record<string, string>, body: unknown) {
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/admin/campaigns",
    headers: auth,
    payload: body as object,
  });
}

async function createCampaign(auth: Record<string, string>, extra: object = {}, product?: number) {
  const res = await create(auth, { ...valid(product), ...extra });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

const send = (auth: Record<string, string>, id: number, payload: object = {}) =>
  ctx.t.app.inject({
    method: "POST",
    url: `/api/admin/campaigns/${id}/send`,
    headers: auth,
    payload,
  });

const get = async (auth: Record<string, string>, id: number) =>
  (
    await ctx.t.app.inject({ method: "GET", url: `/api/admin/campaigns/${id}`, headers: auth })
  ).json().data;

const outboxOf = async (id: number) =>
  db()
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, `newsletter_campaign_${id}`));

function header(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: *(.+?)\\r?$`, "im").exec(unfolded)?.[1];
}

describe("writing a campaign", () => {
  it("is saved with both languages and shown with zero counts", async () => {
    const auth = await owner();
    const res = await create(auth, valid());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      subject_ar: "حلويات رمضان وصلت",
      status: "draft",
      rate_per_minute: 60,
      counts: { recipients: 0, sent: 0, failed: 0, unsubscribed: 0 },
    });
    const list = await ctx.t.app.inject({
      method: "GET",
      url: "/api/admin/campaigns",
      headers: auth,
    });
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(res.json().data.id);
  });

  it.each([
    ["no Arabic subject", { subject_ar: "" }, "subject_ar", CAMPAIGN_MESSAGES.SUBJECT_REQUIRED],
    ["no English subject", { subject: undefined }, "subject", CAMPAIGN_MESSAGES.SUBJECT_REQUIRED],
    ["an empty Arabic body", { body_ar: [] }, "body_ar", CAMPAIGN_MESSAGES.BODY_REQUIRED],
    ["no English body", { body: undefined }, "body", CAMPAIGN_MESSAGES.BODY_REQUIRED],
    [
      "a blank paragraph only",
      { body: [{ type: "paragraph", text: " " }] },
      "body.0.text",
      CAMPAIGN_MESSAGES.BLOCK_TEXT,
    ],
    [
      "a script link",
      { body: [{ type: "link", text: "x", url: "javascript:alert(1)" }] },
      "body.0.url",
      CAMPAIGN_MESSAGES.BLOCK_URL,
    ],
    ["a rate of zero", { rate_per_minute: 0 }, "rate_per_minute", CAMPAIGN_MESSAGES.RATE],
  ])("%s is a 422 and nothing is written", async (_case, change, field, message) => {
    const auth = await owner();
    const before = (
      await ctx.t.app.inject({ method: "GET", url: "/api/admin/campaigns", headers: auth })
    ).json().data.length;
    const res = await create(auth, { ...valid(), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    const after = (
      await ctx.t.app.inject({ method: "GET", url: "/api/admin/campaigns", headers: auth })
    ).json().data.length;
    expect(after).toBe(before);
  });

  it("the catalogue role may write one; orders and kitchen may not; a customer or nobody neither", async () => {
    const catalogue = await createUserWithToken(ctx.t.app, { admin: true, roles: ["catalogue"] });
    expect((await create(catalogue.auth, valid())).statusCode).toBe(201);
    for (const roles of [["orders"], ["kitchen"]] as const) {
      const other = await createUserWithToken(ctx.t.app, { admin: true, roles: [...roles] });
      expect((await create(other.auth, valid())).statusCode).toBe(403);
      const list = await ctx.t.app.inject({
        method: "GET",
        url: "/api/admin/campaigns",
        headers: other.auth,
      });
      expect(list.statusCode).toBe(403);
    }
    const customer = await createUserWithToken(ctx.t.app);
    expect([401, 403]).toContain((await create(customer.auth, valid())).statusCode);
    expect((await create({}, valid())).statusCode).toBe(401);
  });

  it("previews in both languages, right to left in Arabic, with the product card", async () => {
    const auth = await owner();
    const id = await createCampaign(auth, {}, await productId());
    const res = await ctx.t.app.inject({
      method: "GET",
      url: `/api/admin/campaigns/${id}/preview`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const { en, ar } = res.json().data;
    expect(en.html).toContain("Fresh &lt;maamoul&gt; every morning.");
    expect(en.html).toContain(`${BASE}/uploads/1`);
    expect(en.html).toContain("Pistachio baklava");
    expect(en.text).toContain(`Order now: ${BASE}/shop`);
    expect(ar.subject).toBe("حلويات رمضان وصلت");
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.html).toContain("بقلاوة بالفستق");
    expect(ar.html).toContain(`${BASE}/ar/product/`);
  });

  it("a test goes to the admin's own address in both languages", async () => {
    const me = await createUserWithToken(ctx.t.app, {
      admin: true,
      email: "owner-test@example.com",
    });
    const id = await createCampaign(me.auth);
    const res = await ctx.t.app.inject({
      method: "POST",
      url: `/api/admin/campaigns/${id}/test`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(202);
    await ctx.t.app.mailWorker!.runOnce();
    const mails = ctx.smtp.received.filter((m) => m.to.includes("owner-test@example.com"));
    expect(mails.map((m) => header(m, "Subject"))).toHaveLength(2);
    expect(mails.some((m) => m.text.includes("معمول طازج"))).toBe(true);
    // A test changes nothing: the campaign is still a draft.
    expect((await get(me.auth, id)).status).toBe("draft");
  });
});

describe("sending", () => {
  it("each subscriber gets their language, with RFC 8058 headers; one click unsubscribes and counts", async () => {
    const auth = await owner();
    await subscribers(4, "mix");
    const id = await createCampaign(auth);
    const res = await send(auth, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "sending",
      counts: { recipients: 4, queued: 0 },
    });
    expect(await ctx.t.app.campaignWorker!.runOnce()).toBe(4);
    for (let i = 0; i < 2; i++) await ctx.t.app.mailWorker!.runOnce();
    const mails = ctx.smtp.received.filter((m) => m.to.some((to) => to.startsWith("mix")));
    expect(mails).toHaveLength(4);
    const arabic = mails.find((m) => m.to.includes("mix1@example.com"))!;
    expect(arabic.text).toContain("معمول طازج كل صباح.");
    const english = mails.find((m) => m.to.includes("mix0@example.com"))!;
    expect(english.text).toContain("Fresh <maamoul> every morning.");
    expect(mails.some((m) => m.to.includes("mixpending@example.com"))).toBe(false);
    expect(header(arabic, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const link = new URL(/<([^>]+)>/.exec(header(arabic, "List-Unsubscribe")!)![1]!);
    const out = await ctx.t.app.inject({
      method: "POST",
      url: link.pathname + link.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(out.statusCode).toBe(200);
    expect(await get(auth, id)).toMatchObject({
      status: "sent",
      counts: { recipients: 4, queued: 4, sent: 4, failed: 0, unsubscribed: 1 },
    });
  });

  it("a campaign is sent once: a second send is a 422", async () => {
    const auth = await owner();
    await subscribers(1, "twice");
    const id = await createCampaign(auth);
    expect((await send(auth, id)).statusCode).toBe(200);
    const again = await send(auth, id);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.campaign).toEqual([CAMPAIGN_MESSAGES.ALREADY_SENT]);
    const [n] = await db()
      .select({ n: count() })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, id));
    expect(n!.n).toBe(1);
    expect((await send(auth, 999_999)).statusCode).toBe(404);
    expect((await send(auth, id, { at: "tomorrow" })).statusCode).toBe(422);
  });

  it("a scheduled campaign starts at its time, for the subscribers confirmed by then", async () => {
    const auth = await owner();
    await subscribers(2, "later");
    const id = await createCampaign(auth);
    const at = new Date(Date.now() + 3_600_000);
    const res = await send(auth, id, { at: at.toISOString() });
    expect(res.json().data).toMatchObject({ status: "scheduled", send_at: at.toISOString() });
    expect((await send(auth, id)).statusCode).toBe(422);
    expect(await ctx.t.app.campaignWorker!.runOnce(new Date(at.getTime() - 1000))).toBe(0);
    await db()
      .insert(newsletterSubscribers)
      .values({ email: "later-new@example.com", confirmedAt: new Date() });
    expect(await ctx.t.app.campaignWorker!.runOnce(new Date(at.getTime() + 1000))).toBe(3);
    expect((await get(auth, id)).status).toBe("sent");
  });

  it("goes at the owner's rate: 60 a minute by default", async () => {
    const auth = await owner();
    await subscribers(100, "paced");
    const id = await createCampaign(auth);
    await send(auth, id);
    const t0 = new Date(Date.now() + 1000);
    const worker = ctx.t.app.campaignWorker!;
    expect(await worker.runOnce(t0)).toBe(60);
    expect(await worker.runOnce(new Date(t0.getTime() + 30_000))).toBe(0);
    expect(await worker.runOnce(new Date(t0.getTime() + 61_000))).toBe(40);
    expect(await get(auth, id)).toMatchObject({
      status: "sent",
      counts: { recipients: 100, queued: 100 },
    });
  });

  it("1,000 subscribers, stopped halfway (a pass that dies, then a restart): exactly 1,000 e-mails, each once", async () => {
    const auth = await owner();
    await subscribers(1000, "thousand");
    const product = await productId();
    const id = await createCampaign(auth, { rate_per_minute: 10_000 }, product);
    await send(auth, id);
    const products = async (ids: number[]) =>
      ids.map((pid) => ({
        id: pid,
        name: "Baklava",
        name_ar: "بقلاوة",
        price: 24,
        image_url: null,
      }));
    const now = new Date(Date.now() + 1000);

    // The first instance hands over one batch, then dies in the middle of the next one.
    const first = createCampaignService(db(), { products });
    expect(await first.runOnce(now, { baseUrl: BASE })).toBe(500);
    const dying = createCampaignService(db(), {
      products: async () => {
        throw new Error("the process was killed");
      },
    });
    await expect(dying.runOnce(now, { baseUrl: BASE })).rejects.toThrow("killed");
    expect(await outboxOf(id)).toHaveLength(500);

    // A restart: a fresh service (and a second instance alongside) carries on from the database.
    const restarted = createCampaignService(db(), { products });
    const other = createCampaignService(db(), { products });
    const later = new Date(now.getTime() + 61_000);
    const handed = await Promise.all([
      restarted.runOnce(later, { baseUrl: BASE }),
      other.runOnce(later, { baseUrl: BASE }),
    ]);
    expect(handed[0] + handed[1]).toBe(500);
    expect(await restarted.runOnce(new Date(later.getTime() + 61_000), { baseUrl: BASE })).toBe(0);

    const rows = await outboxOf(id);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((row) => row.to)).size).toBe(1000);
    expect(rows.some((row) => row.to.startsWith("thousandpending"))).toBe(false);
    const [arabic] = await db()
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.kind} = ${`newsletter_campaign_${id}`} and ${mailOutbox.subject} = 'حلويات رمضان وصلت'`,
      );
    expect(arabic!.n).toBe(500);
    expect(await get(auth, id)).toMatchObject({
      status: "sent",
      counts: { recipients: 1000, queued: 1000 },
    });
  });
});

describe("the preview and the rewrite of a draft: bad input and the wrong user", () => {
  const preview = (auth: Record<string, string>, id: number | string) =>
    ctx.t.app.inject({ method: "GET", url: `/api/admin/campaigns/${id}/preview`, headers: auth });
  const put = (auth: Record<string, string>, id: number | string, payload: object) =>
    ctx.t.app.inject({ method: "PUT", url: `/api/admin/campaigns/${id}`, headers: auth, payload });

  it("a preview of a campaign that is not there is 404; an id that is no number is 400", async () => {
    const auth = await owner();
    const missing = await preview(auth, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CAMPAIGN_MESSAGES.NOT_FOUND);
    expect((await preview(auth, "abc")).statusCode).toBe(400);
    expect((await preview(auth, -1)).statusCode).toBe(400);
  });

  it("a preview is for the owner and the catalogue role only", async () => {
    const auth = await owner();
    const id = await createCampaign(auth);
    const catalogue = await createUserWithToken(ctx.t.app, { admin: true, roles: ["catalogue"] });
    expect((await preview(catalogue.auth, id)).statusCode).toBe(200);
    for (const roles of [["orders"], ["kitchen"]] as const) {
      const other = await createUserWithToken(ctx.t.app, { admin: true, roles: [...roles] });
      expect((await preview(other.auth, id)).statusCode).toBe(403);
    }
    const customer = await createUserWithToken(ctx.t.app);
    expect([401, 403]).toContain((await preview(customer.auth, id)).statusCode);
    expect((await preview({}, id)).statusCode).toBe(401);
  });

  it("a draft is rewritten; the list and the preview show the new text", async () => {
    const auth = await owner();
    const id = await createCampaign(auth);
    const res = await put(auth, id, {
      ...valid(),
      subject_ar: "عيد سعيد",
      body_ar: [{ type: "paragraph", text: "كعك العيد" }],
      rate_per_minute: 120,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      subject_ar: "عيد سعيد",
      rate_per_minute: 120,
      status: "draft",
    });
    const shown = (await preview(auth, id)).json().data;
    expect(shown.ar.subject).toBe("عيد سعيد");
    expect(shown.ar.html).toContain("كعك العيد");
  });

  it.each([
    ["no Arabic subject", { subject_ar: " " }, "subject_ar", CAMPAIGN_MESSAGES.SUBJECT_REQUIRED],
    ["no English body", { body: [] }, "body", CAMPAIGN_MESSAGES.BODY_REQUIRED],
    ["no Arabic body", { body_ar: undefined }, "body_ar", CAMPAIGN_MESSAGES.BODY_REQUIRED],
    [
      "a product block without a product",
      { body: [{ type: "product", product_id: 0 }] },
      "body.0.product_id",
      CAMPAIGN_MESSAGES.BLOCK_PRODUCT,
    ],
  ])(
    "a rewrite with %s is a 422 and the draft is unchanged",
    async (_case, change, field, message) => {
      const auth = await owner();
      const id = await createCampaign(auth);
      const res = await put(auth, id, { ...valid(), ...change });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toContain(message);
      expect(await get(auth, id)).toMatchObject({ subject_ar: valid().subject_ar });
    },
  );

  it("a sent or scheduled campaign is not rewritten (409); a missing one is 404", async () => {
    const auth = await owner();
    await subscribers(1, "rewrite");
    const sent = await createCampaign(auth);
    await send(auth, sent);
    const scheduled = await createCampaign(auth);
    await send(auth, scheduled, { at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const id of [sent, scheduled]) {
      const res = await put(auth, id, { ...valid(), subject: "Changed" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CAMPAIGN_MESSAGES.NOT_EDITABLE);
      expect((await get(auth, id)).subject).toBe(valid().subject);
    }
    expect((await put(auth, 999_999, valid())).statusCode).toBe(404);
    expect((await put(auth, "x", valid())).statusCode).toBe(400);
  });

  it("a rewrite is for the owner and the catalogue role only", async () => {
    const auth = await owner();
    const id = await createCampaign(auth);
    for (const roles of [["orders"], ["kitchen"]] as const) {
      const other = await createUserWithToken(ctx.t.app, { admin: true, roles: [...roles] });
      expect((await put(other.auth, id, { ...valid(), subject: "No" })).statusCode).toBe(403);
    }
    expect((await put({}, id, valid())).statusCode).toBe(401);
    const catalogue = await createUserWithToken(ctx.t.app, { admin: true, roles: ["catalogue"] });
    expect((await put(catalogue.auth, id, { ...valid(), subject: "Yes" })).statusCode).toBe(200);
  });
});
