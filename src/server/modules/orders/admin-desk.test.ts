import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { BOM, csvField, csvRow, ordersCsv } from "./admin-csv.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;
const placed: Record<string, { id: number; number: string }> = {};

type Row = { id: number; number: string; customer: string; is_new: boolean };

async function place(key: string, extra: Record<string, unknown>, createdAt?: string) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], extra),
  );
  expect(res.statusCode).toBe(201);
  const { number } = res.json().data;
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, number));
  if (createdAt) {
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(orders.id, row!.id));
  }
  placed[key] = { id: row!.id, number };
}

const get = (url: string) => t.app.inject({ url, headers: admin.auth });
const names = async (query: string) => {
  const res = await get(`/api/admin/orders?per_page=50&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((row: Row) => row.customer);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Nadia" });
  product = await addProduct(t.database.db, { name: "Baklava", nameAr: "بقلاوة" });
  // Oldest first; times straddle Damascus midnights (UTC+3).
  await place(
    "ahmad",
    { name: "أحمد الحلبي", phone: "+963 933 111 222", email: "ahmad@example.com" },
    "2026-11-01T08:00:00Z",
  );
  await place(
    "fatima",
    { name: "فاطِمة الزَّهراء", phone: "+963 944 555 666", email: null },
    "2026-11-09T21:30:00Z",
  );
  await place(
    "layla",
    { name: "Layla Haddad", email: "LAYLA.h@example.com" },
    "2026-11-10T20:59:00Z",
  );
  await place("sami", {
    name: "Sami 50% Off",
    phone: "+963 955 000 000",
    email: "sami@example.com",
  });
});
afterAll(() => t.close());

describe("orders list: filters and search", () => {
  it("is newest first with the payment method and a new mark", async () => {
    expect(await names("")).toEqual([
      "Sami 50% Off",
      "Layla Haddad",
      "فاطِمة الزَّهراء",
      "أحمد الحلبي",
    ]);
    const row = (await get("/api/admin/orders")).json().data[0];
    expect(row).toMatchObject({ payment_method: "cod", is_new: true });
  });

  it.each([
    // Arabic-normalised: hamza and taa marbuta folded, diacritics ignored on both sides.
    ["احمد", ["أحمد الحلبي"]],
    ["فاطمه", ["فاطِمة الزَّهراء"]],
    ["الزهراء", ["فاطِمة الزَّهراء"]],
    ["layla", ["Layla Haddad"]],
    ["layla.h@EXAMPLE", ["Layla Haddad"]],
    // Phone with or without spaces, and in Arabic-Indic digits.
    ["0933111222".slice(1), ["أحمد الحلبي"]],
    ["944 555", ["فاطِمة الزَّهراء"]],
    ["٩٤٤٥٥٥", ["فاطِمة الزَّهراء"]],
    // LIKE wildcards are plain characters.
    ["50%", ["Sami 50% Off"]],
    ["%", ["Sami 50% Off"]],
    ["nobody", []],
  ])("search %s finds %j", async (q, expected) => {
    expect(await names(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("finds an order by its number", async () => {
    const res = await get(`/api/admin/orders?q=${placed.layla!.number.toLowerCase()}`);
    expect(res.json().data.map((r: Row) => r.number)).toEqual([placed.layla!.number]);
    expect(res.json().meta).toMatchObject({ total: 1, last_page: 1 });
  });

  it.each([
    // 2026-11-09T21:30Z is 2026-11-10 00:30 in Damascus; 2026-11-10T20:59Z is 23:59 there.
    ["from=2026-11-10&to=2026-11-10", ["Layla Haddad", "فاطِمة الزَّهراء"]],
    ["from=2026-11-01&to=2026-11-09", ["أحمد الحلبي"]],
    ["to=2026-11-01", ["أحمد الحلبي"]],
    ["from=2026-11-11", ["Sami 50% Off"]],
    ["from=2026-11-01&to=2026-11-30&q=layla", ["Layla Haddad"]],
  ])("date range %s counts Asia/Damascus days", async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it("filters by status and pages with totals", async () => {
    const res = await get("/api/admin/orders?per_page=10&page=1&status=pending");
    expect(res.json().meta).toEqual({ page: 1, per_page: 10, total: 4, last_page: 1 });
    expect(await names("status=canceled")).toEqual([]);
    const page2 = await get("/api/admin/orders?per_page=10&page=2");
    expect(page2.json().data).toEqual([]);
  });

  it.each([
    ["from=2026-02-30", "from"],
    ["to=yesterday", "to"],
    ["from=2026-11-10&to=2026-11-01", "to"],
    ["status=lost", "status"],
    ["per_page=25", "per_page"],
    ["page=0", "page"],
    [`q=${"x".repeat(101)}`, "q"],
  ])("answers 400 to case %#, keyed by %s", async (query, field) => {
    const res = await get(`/api/admin/orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([expect.any(String)]);
  });
});

describe("order detail: new mark, notes and timeline", () => {
  it("opening an order clears its new mark for everyone", async () => {
    const before = (await get(`/api/admin/orders?q=${placed.ahmad!.number}`)).json().data[0];
    expect(before.is_new).toBe(true);
    expect((await get(`/api/admin/orders/${placed.ahmad!.id}`)).statusCode).toBe(200);
    const after = (await get(`/api/admin/orders?q=${placed.ahmad!.number}`)).json().data[0];
    expect(after.is_new).toBe(false);
  });

  it("adds internal notes and shows every change and note with its actor and time", async () => {
    const { id } = placed.fatima!;
    const note = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/notes`,
      headers: admin.auth,
      payload: { body: "  اتصلت بالزبونة  " },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().data).toEqual({
      kind: "note",
      id: expect.any(Number),
      note: "اتصلت بالزبونة",
      actor: { kind: "admin", id: admin.id, name: "Owner Nadia" },
      at: expect.any(String),
    });
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: admin.auth,
      payload: { status: "confirmed", note: "Paid by phone" },
    });
    expect(patched.statusCode).toBe(200);
    const detail = (await get(`/api/admin/orders/${id}`)).json().data;
    expect(detail.timeline).toEqual([
      {
        kind: "status",
        status: "pending",
        note: null,
        actor: { kind: "customer", id: null, name: null },
        at: expect.any(String),
      },
      expect.objectContaining({ kind: "note", note: "اتصلت بالزبونة" }),
      {
        kind: "status",
        status: "confirmed",
        note: "Paid by phone",
        actor: { kind: "admin", id: admin.id, name: "Owner Nadia" },
        at: expect.any(String),
      },
    ]);
    expect(detail).toMatchObject({
      next_statuses: ["preparing", "canceled"],
      lang: "en",
      payment_method: "cod",
      coupon: null,
      lines: [{ name: "Baklava", name_ar: "بقلاوة", grams: 1000, qty: 1 }],
    });
  });

  it.each([
    [{ body: "   " }, "body"],
    [{}, "body"],
    [{ body: "x".repeat(2001) }, "body"],
    [{ body: "bad\u0000" }, "body"],
  ])("refuses note case %# with 422", async (payload, field) => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${placed.layla!.id}/notes`,
      headers: admin.auth,
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([expect.any(String)]);
  });

  it("a note on an unknown order is a 404", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders/999999/notes",
      headers: admin.auth,
      payload: { body: "hello" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("CSV export", () => {
  const parse = (body: string) => body.split("\r\n").filter(Boolean);

  it("exports the filtered list as UTF-8 with a BOM, Arabic intact", async () => {
    for (const url of [
      "/api/admin/orders.csv?q=%D8%A7%D8%AD%D9%85%D8%AF",
      "/api/admin/orders?format=csv&q=%D8%A7%D8%AD%D9%85%D8%AF&per_page=10",
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-.*\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = parse(res.body.slice(1));
      expect(lines[0]).toBe(
        "order,date,customer,phone,email,country,total,status,payment_method,payment_status,new,shipping_method,shipping_zone,delivery_date,gift,ready_date",
      );
      // 08:00Z is 11:00 in Damascus; the ahmad order was opened above, so no longer new.
      // The ready day (the first day offered when the order was placed) ends the row.
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^${placed.ahmad!.number},2026-11-01 11:00,أحمد الحلبي,\\+963933111222,ahmad@example.com,SY,31.00,pending,cod,unpaid,no,Home delivery,Syria,,no,\\d{4}-\\d{2}-\\d{2}$`,
          ),
        ),
      ]);
    }
  });

  it("ends each row with the gift mark (issue 29) and then the ready day", async () => {
    const row = (await get("/api/admin/orders")).json().data[0];
    const ready_date = "2026-12-03";
    expect(csvRow({ ...row, gift: true, ready_date }).endsWith(",yes,2026-12-03\r\n")).toBe(true);
    expect(csvRow({ ...row, gift: false, ready_date: null }).endsWith(",no,\r\n")).toBe(true);
  });

  it("exports every matching order across batches, newest first, and nothing else", async () => {
    const chunks: string[] = [];
    for await (const chunk of ordersCsv(t.app.services.adminOrders, {}, 1)) chunks.push(chunk);
    // Header chunk, then one chunk per batch of one row.
    expect(chunks).toHaveLength(5);
    expect(chunks[0]!.startsWith(BOM)).toBe(true);
    const numbers = chunks.slice(1).map((c) => c.split(",")[0]);
    expect(numbers).toEqual(["sami", "layla", "fatima", "ahmad"].map((k) => placed[k]!.number));

    const none = await get("/api/admin/orders.csv?status=shipped");
    expect(parse(none.body.slice(1))).toHaveLength(1);
    const bad = await get("/api/admin/orders.csv?from=nope");
    expect(bad.statusCode).toBe(400);
  });

  it("streams over a real connection (chunked, no content-length)", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${address}/api/admin/orders.csv`, { headers: admin.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(BOM)).toBe(true);
    expect(text).toContain("فاطِمة الزَّهراء");
  });

  it.each([
    ["=SUM(A1)", "'=SUM(A1)"],
    ["@cmd", "'@cmd"],
    ["-2+3", "'-2+3"],
    ["+963 944 000 111", "+963 944 000 111"],
    ['Say "hi", bye', '"Say ""hi"", bye"'],
    // Issue 26: after a separator a spreadsheet may cut at, too.
    ["Ann;=HYPERLINK(1)", `"Ann;'=HYPERLINK(1)"`],
    ["Ann\t@SUM(1)", `"Ann\t'@SUM(1)"`],
    [null, ""],
  ])("csvField(%j) is %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("list totals stay true (counts are kept until the next order event)", () => {
  it("a new order and a status change show in the totals at once", async () => {
    const total = async (query: string) =>
      (await get(`/api/admin/orders?per_page=10&${query}`)).json().meta.total as number;
    const all = await total("");
    const pending = await total("status=pending");
    const confirmed = await total("status=confirmed");
    expect(await total("")).toBe(all);
    await place("late", { name: "Late Comer" });
    expect(await total("")).toBe(all + 1);
    expect(await total("status=pending")).toBe(pending + 1);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${placed.late!.id}`,
      headers: admin.auth,
      payload: { status: "confirmed" },
    });
    expect(res.statusCode).toBe(200);
    expect(await total("status=pending")).toBe(pending);
    expect(await total("status=confirmed")).toBe(confirmed + 1);
    expect(await total("q=late%20comer")).toBe(1);
  });
});
