import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { csvCell } from "./csv.ts";

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUserWithToken(t.app, { admin: true })).auth;
  customer = (await createUserWithToken(t.app)).auth;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as object });
const get = (url: string, headers = admin) => t.app.inject({ method: "GET", url, headers });

const contact = {
  name: "ليلى الشامي",
  email: "layla@example.com",
  phone: "+963 944 000 111",
  subject: "طلب كبير",
  message: 'أريد طلب 10 كغ من البقلاوة, "بالفستق" للعيد',
  lang: "ar",
};
const trader = {
  full_name: "Omar Haddad",
  country: "de",
  city: "Berlin",
  phone: "+49 30 000000",
  company_name: "Haddad Feinkost",
  email: "omar@example.com",
  activity_type: "Retail",
  monthly_quantity: "200 kg",
  questions: "Do you ship pallets?",
};

describe("POST /api/contact", () => {
  it("stores a message and answers 201", async () => {
    const res = await post("/api/contact", contact);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { id: expect.any(Number), received: true } });
    const list = await get(`/api/admin/contact-messages?q=${encodeURIComponent("ليلى")}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        name: contact.name,
        email: contact.email,
        subject: contact.subject,
        message: contact.message,
        status: "new",
        note: "",
        lang: "ar",
      }),
    ]);
  });

  it("accepts a message without a subject", async () => {
    const { subject: _s, ...rest } = contact;
    const res = await post("/api/contact", { ...rest, subject: "" });
    expect(res.statusCode).toBe(201);
  });

  it("rejects missing required fields with 422, errors keyed by field", async () => {
    const res = await post("/api/contact", { subject: "hi" });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors).toEqual({
      name: ["The name field is required."],
      email: ["The email field is required."],
      phone: ["The phone field is required."],
      message: ["The message field is required."],
    });
  });

  it.each([
    [{ email: "nope" }, "email", "Please enter a valid email address."],
    [{ phone: "call me" }, "phone", "Please enter a valid phone number."],
    [{ name: "   " }, "name", "The name field is required."],
    [{ message: "x".repeat(5001) }, "message", "This field is too long. (5000)"],
  ])("rejects %j", async (patch, field, message) => {
    const res = await post("/api/contact", { ...contact, ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: [message] });
  });
});

describe("POST /api/traders", () => {
  it("stores an enquiry with the country as an upper-case code and answers 201", async () => {
    const res = await post("/api/traders", trader);
    expect(res.statusCode).toBe(201);
    const list = await get("/api/admin/trader-enquiries?q=Haddad");
    expect(list.json().data[0]).toMatchObject({ ...trader, country: "DE", status: "new" });
  });

  it("needs only the four required fields", async () => {
    const res = await post("/api/traders", {
      full_name: "سامي",
      country: "SY",
      city: "حلب",
      phone: "0944000000",
    });
    expect(res.statusCode).toBe(201);
  });

  it("rejects missing required fields and an unknown country", async () => {
    const empty = await post("/api/traders", {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      "city",
      "country",
      "full_name",
      "phone",
    ]);
    const bad = await post("/api/traders", { ...trader, country: "XX", email: "bad" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      country: ["Please choose a country from the list."],
      email: ["Please enter a valid email address."],
    });
  });

  it("the dashboard counts enquiries, spam excluded", async () => {
    const before = (await get("/api/admin/dashboard")).json().data.total_trader_applications;
    const { id } = (await post("/api/traders", { ...trader, full_name: "Spammer" })).json().data;
    expect((await get("/api/admin/dashboard")).json().data.total_trader_applications).toBe(
      before + 1,
    );
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/trader-enquiries/${id}`,
      headers: admin,
      payload: { status: "spam" },
    });
    expect((await get("/api/admin/dashboard")).json().data.total_trader_applications).toBe(before);
  });
});

describe("admin inbox", () => {
  it.each([
    ["GET", "/api/admin/contact-messages"],
    ["GET", "/api/admin/trader-enquiries"],
    ["GET", "/api/admin/subscribers"],
    ["GET", "/api/admin/inbox/counts"],
    ["PATCH", "/api/admin/contact-messages/1"],
    ["PATCH", "/api/admin/trader-enquiries/1"],
    ["DELETE", "/api/admin/subscribers/1"],
  ] as const)("%s %s: 401 anonymous, 403 customer", async (method, url) => {
    const anon = await t.app.inject({ method, url, payload: { status: "handled" } });
    expect(anon.statusCode).toBe(401);
    const cust = await t.app.inject({
      method,
      url,
      headers: customer,
      payload: { status: "handled" },
    });
    expect(cust.statusCode).toBe(403);
  });

  it("moves a message through its statuses with a note, and counts unread ones", async () => {
    const { id } = (await post("/api/contact", { ...contact, name: "Status test" })).json().data;
    const unread = (await get("/api/admin/inbox/counts")).json().data.contact_messages;
    const patch = (payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/contact-messages/${id}`,
        headers: admin,
        payload,
      });
    const inProgress = await patch({ status: "in_progress", note: "called back, wants Friday" });
    expect(inProgress.statusCode).toBe(200);
    expect(inProgress.json().data).toMatchObject({
      status: "in_progress",
      note: "called back, wants Friday",
    });
    expect((await get("/api/admin/inbox/counts")).json().data.contact_messages).toBe(unread - 1);
    expect((await patch({ status: "handled" })).json().data).toMatchObject({
      status: "handled",
      note: "called back, wants Friday",
    });
    const filtered = await get("/api/admin/contact-messages?status=handled");
    expect(filtered.json().data.map((m: { id: number }) => m.id)).toContain(id);
  });

  it("rejects a bad status, an empty patch and an unknown id", async () => {
    const bad = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/contact-messages/1",
      headers: admin,
      payload: { status: "archived" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    const empty = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/contact-messages/1",
      headers: admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/trader-enquiries/999999",
      headers: admin,
      payload: { status: "handled" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("pages and rejects bad paging", async () => {
    for (let i = 0; i < 12; i++) await post("/api/contact", { ...contact, name: `Pager ${i}` });
    const page2 = await get("/api/admin/contact-messages?q=Pager&per_page=10&page=2");
    expect(page2.json().meta).toEqual({ page: 2, per_page: 10, total: 12, last_page: 2 });
    expect(page2.json().data).toHaveLength(2);
    expect((await get("/api/admin/contact-messages?per_page=7")).statusCode).toBe(400);
    expect((await get("/api/admin/contact-messages?page=0")).statusCode).toBe(400);
  });

  it("searches % literally", async () => {
    const res = await get(`/api/admin/contact-messages?q=${encodeURIComponent("%")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("exports CSV as UTF-8 with a byte-order mark, Arabic intact", async () => {
    const res = await get("/api/admin/contact-messages?format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString("utf8");
    expect(text.split("\r\n")[0]).toBe(
      "\uFEFFid,received_at,status,name,email,phone,subject,message,note,lang",
    );
    expect(text).toContain("ليلى الشامي");
    // The comma and the quotes in the message stay inside one quoted cell.
    expect(text).toContain('"أريد طلب 10 كغ من البقلاوة, ""بالفستق"" للعيد"');

    const traders = await get("/api/admin/trader-enquiries?format=csv");
    expect(traders.rawPayload.toString("utf8")).toContain("DE,Germany,Berlin");
    const arabicTrader = traders.rawPayload.toString("utf8");
    expect(arabicTrader).toContain("سامي");
  });

  it("lists, exports and removes newsletter subscribers", async () => {
    await post("/api/newsletter", { email: "reader@example.com", lang: "ar" });
    const list = await get("/api/admin/subscribers?q=reader");
    expect(list.json().data).toEqual([
      {
        id: expect.any(Number),
        email: "reader@example.com",
        lang: "ar",
        created_at: expect.any(String),
        // Pending until the e-mailed link is used (issue 25).
        confirmed_at: null,
      },
    ]);
    const csv = await get("/api/admin/subscribers?format=csv");
    expect(csv.rawPayload.toString("utf8")).toMatch(
      /^\uFEFFid,email,lang,subscribed_at,confirmed_at\r\n\d+,reader@example\.com,ar,/,
    );
    const id = list.json().data[0].id;
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/subscribers/${id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(204);
    expect((await get("/api/admin/subscribers?q=reader")).json().data).toEqual([]);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/subscribers/${id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["+963 944 000 111", "+963 944 000 111"],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+SUM(A1)", "'+SUM(A1)"],
    ["@cmd", "'@cmd"],
    ["a\nb", '"a\nb"'],
    ["hi;=cmd()", `"hi;'=cmd()"`],
    ["hi\n-cmd|x", `"hi\n'-cmd|x"`],
    [null, ""],
  ])("%j -> %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("rate limits", () => {
  it("answers 429 after ten contact messages or trader enquiries a minute", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      for (const [url, body] of [
        ["/api/contact", contact],
        ["/api/traders", trader],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const res = await limited.app.inject({ method: "POST", url, payload: body });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
        expect(statuses[10]).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("GET /api/traders/partnership-guide.pdf", () => {
  it("is a real PDF with a sensible file name", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/traders/partnership-guide.pdf" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="partnership-guide.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Two pages: English, then Arabic.
    expect(res.rawPayload.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);
  });
});
