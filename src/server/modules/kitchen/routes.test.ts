import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "../../../shared/domain/business-time.ts";
import { kitchenToday } from "../../../shared/domain/kitchen.ts";
import { KITCHEN_MESSAGES } from "../../../shared/schemas/kitchen.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken, type TestUser } from "../../test/fixtures.ts";

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

// The API reads the real clock; expectations are derived from the same Damascus "today".
const today = kitchenToday(new Date());
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Chef Admin" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const menu = (query = "") => t.app.inject({ url: `/api/kitchen${query}` });
const create = (payload: Json, headers = admin.auth) =>
  t.app.inject({ method: "POST", url: "/api/admin/kitchen", headers, payload });

async function createDish(payload: Json): Promise<number> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = "----kitchen-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...admin.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: "#c8a165" } })
    .png()
    .toBuffer();

describe("GET /api/kitchen", () => {
  const ids = { daily: 0, today: 0, tomorrow: 0, hidden: 0, soldOut: 0 };

  beforeAll(async () => {
    ids.daily = await createDish({ title: "Daily lentil soup", price: 4.5, description: "Hot" });
    ids.today = await createDish({ title: "Today's kibbeh", weekdays: [weekdayOf(today)] });
    ids.tomorrow = await createDish({
      title: "Tomorrow's mansaf",
      weekdays: [weekdayOf(tomorrow)],
    });
    ids.hidden = await createDish({ title: "Hidden dish", active: false });
    ids.soldOut = await createDish({
      title: "Sold-out fatteh",
      title_ar: "فتة",
      sold_out_today: true,
    });
  });

  const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();

  it("today (also without a filter): dishes cooked today, inactive ones never", async () => {
    for (const query of ["", "?filter=today"]) {
      const res = await menu(query);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(titles(body)).toEqual(["Daily lentil soup", "Sold-out fatteh", "Today's kibbeh"]);
      expect(body.meta).toEqual({ filter: "today", today, dates: [today] });
    }
  });

  it("shows SPEC's fields, the price in dollars and the sold-out state of today", async () => {
    const body = (await menu("?filter=today")).json();
    const soup = body.data.find((d: Json) => d.id === ids.daily);
    expect(soup).toEqual({
      id: ids.daily,
      title: "Daily lentil soup",
      title_ar: "",
      description: "Hot",
      description_ar: "",
      price: 4.5,
      image: null,
      image_set: null,
      sold_out: false,
      orderable: true,
      portions_left: null,
      dates: [today],
    });
    const fatteh = body.data.find((d: Json) => d.id === ids.soldOut);
    expect(fatteh).toMatchObject({ title_ar: "فتة", sold_out: true, price: null });
  });

  it("tomorrow: tomorrow's dishes, and today's sold-out switch does not carry over", async () => {
    const body = (await menu("?filter=tomorrow")).json();
    expect(titles(body)).toEqual(["Daily lentil soup", "Sold-out fatteh", "Tomorrow's mansaf"]);
    expect(body.data.find((d: Json) => d.id === ids.soldOut).sold_out).toBe(false);
    expect(body.meta.dates).toEqual([tomorrow]);
  });

  it("nextWeek: the seven days after today, each dish with the dates it is served", async () => {
    const body = (await menu("?filter=nextWeek")).json();
    const week = Array.from({ length: 7 }, (_, i) => addDays(today, i + 1));
    expect(body.meta.dates).toEqual(week);
    const dates = Object.fromEntries(body.data.map((d: Json) => [d.id, d.dates]));
    expect(dates[ids.daily]).toEqual(week);
    expect(dates[ids.today]).toEqual([addDays(today, 7)]); // next week's same weekday
    expect(dates[ids.tomorrow]).toEqual([tomorrow]);
    expect(dates[ids.hidden]).toBeUndefined();
    expect(body.data.every((d: Json) => d.sold_out === false)).toBe(true);
  });

  it.each(["yesterday", "nextweek", "TODAY", "", "today,tomorrow"])(
    "filter=%j is a 400 with the filter's message",
    async (filter) => {
      const res = await menu(`?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: KITCHEN_MESSAGES.FILTER,
        errors: { filter: [KITCHEN_MESSAGES.FILTER] },
      });
    },
  );

  it("a write shows on the next read (the cached menu is dropped)", async () => {
    expect(titles((await menu()).json())).not.toContain("Fresh falafel");
    const id = await createDish({ title: "Fresh falafel" });
    expect(titles((await menu()).json())).toContain("Fresh falafel");
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/kitchen/${id}`,
      headers: admin.auth,
      payload: { sold_out_today: true },
    });
    const falafel = (await menu()).json().data.find((d: Json) => d.id === id);
    expect(falafel.sold_out).toBe(true);
    await t.app.inject({ method: "DELETE", url: `/api/admin/kitchen/${id}`, headers: admin.auth });
    expect(titles((await menu()).json())).not.toContain("Fresh falafel");
  });
});

describe("admin kitchen: who may call it", () => {
  const routes = [
    ["GET", "/api/admin/kitchen"],
    ["POST", "/api/admin/kitchen"],
    ["GET", "/api/admin/kitchen/1"],
    ["PUT", "/api/admin/kitchen/1"],
    ["POST", "/api/admin/kitchen/1"],
    ["DELETE", "/api/admin/kitchen/1"],
  ] as const;

  it.each(routes)("%s %s: 401 without a token", async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTypeOf("string");
  });

  it.each(routes)("%s %s: 403 for a customer", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: customer.auth,
      payload: method === "GET" ? undefined : { title: "x" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("POST /api/admin/kitchen", () => {
  it("SPEC's payload alone: title, price, image, description; an active every-day dish", async () => {
    const res = await create({
      title: "  Shish barak ",
      price: "7.25",
      image: "https://images.example.com/shish.jpg",
      description: "Dumplings in yoghurt",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title: "Shish barak",
      title_ar: "",
      price: 7.25,
      image: "https://images.example.com/shish.jpg",
      image_set: null,
      description: "Dumplings in yoghurt",
      weekdays: [],
      active: true,
      sold_out_today: false,
    });
  });

  it("the bilingual fields, weekdays (cleaned and sorted) and the switches", async () => {
    const res = await create({
      title: "Molokhia",
      title_ar: "ملوخية",
      description: "With rice",
      description_ar: "مع الرز",
      price: null,
      weekdays: [5, 1, 5],
      active: false,
      sold_out_today: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      title_ar: "ملوخية",
      description_ar: "مع الرز",
      price: null,
      weekdays: [1, 5],
      active: false,
      sold_out_today: true,
    });
  });

  it.each([
    [{}, "title", KITCHEN_MESSAGES.TITLE_REQUIRED],
    [{ title: "   " }, "title", KITCHEN_MESSAGES.TITLE_REQUIRED],
    [{ title: 12 }, "title", KITCHEN_MESSAGES.TITLE_REQUIRED],
    [{ title: "x".repeat(121) }, "title", KITCHEN_MESSAGES.TITLE_TOO_LONG],
    [{ title: "Soup", price: -1 }, "price", KITCHEN_MESSAGES.PRICE_NUMBER],
    [{ title: "Soup", price: "cheap" }, "price", KITCHEN_MESSAGES.PRICE_NUMBER],
    [{ title: "Soup", weekdays: [7] }, "weekdays.0", KITCHEN_MESSAGES.WEEKDAYS],
    [{ title: "Soup", weekdays: "monday" }, "weekdays.0", KITCHEN_MESSAGES.WEEKDAYS],
    [{ title: "Soup", image: "javascript:alert(1)" }, "image", KITCHEN_MESSAGES.IMAGE_URL],
    [{ title: "Soup", image: "/storage/../etc/passwd" }, "image", KITCHEN_MESSAGES.IMAGE_URL],
    [{ title: "Soup", active: "maybe" }, "active", KITCHEN_MESSAGES.BOOLEAN],
    [
      { title: "Soup", description: "d".repeat(2001) },
      "description",
      KITCHEN_MESSAGES.DESCRIPTION_TOO_LONG,
    ],
  ])("%j is a 422 keyed by %s", async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[field]).toContain(message);
    expect(body.message).toBeTypeOf("string");
  });

  it("a JSON body that is not an object is a 422", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/kitchen",
      headers: { ...admin.auth, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(res.statusCode).toBe(422);
  });

  it("a NUL byte in a text is refused, not a 500", async () => {
    const res = await create({ title: "Soup\u0000" });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["title"]);
  });

  it("multipart with an image file: stored through the pipeline as WebP with variants", async () => {
    const form = multipart(
      { title: "Grilled kofta", price: "9", weekdays: "1,3", sold_out_today: "false" },
      { name: "kofta.png", data: await png() },
    );
    const res = await t.app.inject({ method: "POST", url: "/api/admin/kitchen", ...form });
    expect(res.statusCode, res.body).toBe(201);
    const dish = res.json().data;
    expect(dish).toMatchObject({ title: "Grilled kofta", price: 9, weekdays: [1, 3] });
    expect(dish.image).toMatch(/^\/storage\/kitchen\/grilled-kofta-[0-9a-f]{12}-800x600\.webp$/);
    expect(dish.image_set.srcset).toContain("320w");
    const file = path.join(t.dataDir, "uploads", dish.image.replace("/storage/", ""));
    expect(fs.existsSync(file)).toBe(true);
  });

  it("multipart with an image that is not a picture: 422 on image", async () => {
    const form = multipart({ title: "Fake" }, { name: "x.png", data: Buffer.from("not an image") });
    const res = await t.app.inject({ method: "POST", url: "/api/admin/kitchen", ...form });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(["image"]);
  });

  it("multipart without a title: 422 on title, nothing stored", async () => {
    const form = multipart({ price: "3" }, { name: "x.png", data: await png(100, 100) });
    const res = await t.app.inject({ method: "POST", url: "/api/admin/kitchen", ...form });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toEqual([KITCHEN_MESSAGES.TITLE_REQUIRED]);
  });
});

describe("GET /api/admin/kitchen and /{id}", () => {
  it("lists every dish (inactive too), searching both languages with Arabic folding", async () => {
    await createDish({ title: "Yabraq", title_ar: "يبرق", active: false });
    const all = await t.app.inject({ url: "/api/admin/kitchen", headers: admin.auth });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.some((d: Json) => d.title === "Yabraq")).toBe(true);

    for (const search of ["yabr", "يبرق", "YABRAQ"]) {
      const res = await t.app.inject({
        url: `/api/admin/kitchen?search=${encodeURIComponent(search)}`,
        headers: admin.auth,
      });
      expect(res.json().data.map((d: Json) => d.title)).toEqual(["Yabraq"]);
    }
    const none = await t.app.inject({ url: "/api/admin/kitchen?search=zzzz", headers: admin.auth });
    expect(none.json().data).toEqual([]);
  });

  it("a search longer than 100 characters is a 400", async () => {
    const res = await t.app.inject({
      url: `/api/admin/kitchen?search=${"a".repeat(101)}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.search).toBeDefined();
  });

  it("one dish; 404 for an unknown id, 400 for one that is not a number", async () => {
    const id = await createDish({ title: "Kabsa" });
    const res = await t.app.inject({ url: `/api/admin/kitchen/${id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe("Kabsa");
    const missing = await t.app.inject({ url: "/api/admin/kitchen/999999", headers: admin.auth });
    expect(missing.statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      const res2 = await t.app.inject({ url: `/api/admin/kitchen/${bad}`, headers: admin.auth });
      expect(res2.statusCode).toBe(400);
      expect(res2.json().errors.id).toBeDefined();
    }
  });
});

describe("PUT /api/admin/kitchen/{id}", () => {
  const put = (id: number | string, payload: Json) =>
    t.app.inject({ method: "PUT", url: `/api/admin/kitchen/${id}`, headers: admin.auth, payload });

  it("changes only the fields sent; the switch turns on for today and off again", async () => {
    const id = await createDish({ title: "Freekeh", price: 5, weekdays: [2] });
    const res = await put(id, { title_ar: "فريكة", sold_out_today: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: "Freekeh",
      title_ar: "فريكة",
      price: 5,
      weekdays: [2],
      sold_out_today: true,
    });
    const off = await put(id, { sold_out_today: false, weekdays: [], price: "" });
    expect(off.json().data).toMatchObject({ sold_out_today: false, weekdays: [], price: null });
  });

  it("bad input is a 422 keyed by field; an unknown id a 404; a bad id a 400", async () => {
    const id = await createDish({ title: "Maqluba" });
    const blank = await put(id, { title: "" });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.title).toEqual([KITCHEN_MESSAGES.TITLE_REQUIRED]);
    const price = await put(id, { price: -3 });
    expect(price.json().errors.price).toEqual([KITCHEN_MESSAGES.PRICE_NUMBER]);
    expect((await put(999999, { title: "x" })).statusCode).toBe(404);
    expect((await put("x", { title: "x" })).statusCode).toBe(400);
  });

  it("multipart POST with _method=PUT replaces the image and removes the old file", async () => {
    const first = multipart({ title: "Fattoush" }, { name: "a.png", data: await png(700, 500) });
    const created = await t.app.inject({ method: "POST", url: "/api/admin/kitchen", ...first });
    const { id, image: oldImage } = created.json().data;
    const oldFile = path.join(t.dataDir, "uploads", oldImage.replace("/storage/", ""));
    expect(fs.existsSync(oldFile)).toBe(true);

    const second = multipart({ _method: "PUT" }, { name: "b.png", data: await png(900, 500) });
    const res = await t.app.inject({ method: "POST", url: `/api/admin/kitchen/${id}`, ...second });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.title).toBe("Fattoush");
    expect(res.json().data.image).toMatch(/-900x500\.webp$/);
    expect(fs.existsSync(oldFile)).toBe(false);
  });
});

describe("DELETE /api/admin/kitchen/{id}", () => {
  it("deletes, then 404; a bad id is a 400", async () => {
    const id = await createDish({ title: "Tabbouleh" });
    const del = () =>
      t.app.inject({ method: "DELETE", url: `/api/admin/kitchen/${id}`, headers: admin.auth });
    expect((await del()).statusCode).toBe(204);
    expect((await del()).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/kitchen/abc",
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("audit", () => {
  it("create, update and delete are recorded with the admin and the changed fields", async () => {
    const id = await createDish({ title: "Mujaddara", price: 3 });
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/kitchen/${id}`,
      headers: admin.auth,
      payload: { price: 3.5, title: "Mujaddara" },
    });
    // An update that changes nothing is not recorded.
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/kitchen/${id}`,
      headers: admin.auth,
      payload: { price: 3.5 },
    });
    await t.app.inject({ method: "DELETE", url: `/api/admin/kitchen/${id}`, headers: admin.auth });
    const res = await t.app.inject({
      url: `/api/admin/audit?entity=dish&entity_id=${id}`,
      headers: admin.auth,
    });
    const entries = res.json().data;
    expect(entries.map((e: Json) => e.action)).toEqual(["delete", "update", "create"]);
    expect(entries[1].changes).toEqual([{ field: "price", before: 3, after: 3.5 }]);
    expect(entries[1].actor).toEqual({ id: admin.id, name: "Chef Admin" });
    expect(entries[2].changes).toContainEqual({ field: "title", before: null, after: "Mujaddara" });
  });
});

describe("GET /api/kitchen/qr.svg", () => {
  it("an SVG QR code of the page's address from the request's origin", async () => {
    const res = await t.app.inject({ url: "/api/kitchen/qr.svg", headers: { host: "shop.test" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["x-qr-target"]).toBe("http://shop.test/our-kitchen");
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(res.body).not.toMatch(/<script|href=/i);
  });

  it("PUBLIC_URL wins over the request's host", async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: "https://sweets.example.com/" } });
    try {
      const res = await other.app.inject({ url: "/api/kitchen/qr.svg" });
      expect(res.headers["x-qr-target"]).toBe("https://sweets.example.com/our-kitchen");
    } finally {
      await other.close();
    }
  });
});
