import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "./service.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Rana" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

const list = (query = "", headers = admin.auth) =>
  t.app.inject({ url: `/api/admin/audit${query}`, headers });

describe("change lists", () => {
  it.each([
    [{ a: 1, b: "x" }, { a: 1, b: "y" }, [{ field: "b", before: "x", after: "y" }]],
    [{ a: 1 }, { a: 1 }, []],
    [{ opts: [1, 2] }, { opts: [1, 3] }, [{ field: "opts", before: [1, 2], after: [1, 3] }]],
    [{ a: null }, { a: undefined }, []],
    [{}, { a: 2 }, [{ field: "a", before: null, after: 2 }]],
    [{ a: 2 }, {}, [{ field: "a", before: 2, after: null }]],
  ])("changesBetween(%j, %j)", (before, after, expected) => {
    expect(changesBetween(before, after)).toEqual(expected);
  });

  it("lists only the fields with a value on create and delete", () => {
    expect(changesOnCreate({ name: "Baklava", description: "", tags: [], price: 0 })).toEqual([
      { field: "name", before: null, after: "Baklava" },
      { field: "price", before: null, after: 0 },
    ]);
    expect(changesOnDelete({ name: "Baklava", image: null })).toEqual([
      { field: "name", before: "Baklava", after: null },
    ]);
  });
});

describe("record and history", () => {
  it("records in the caller's transaction: a rolled back write leaves no entry", async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await record(tx, {
          actorId: admin.id,
          entity: "probe",
          entityId: 1,
          action: "create",
          changes: [{ field: "name", before: null, after: "x" }],
        });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect((await list("?entity=probe")).json().data).toEqual([]);
  });

  it("keeps the admin, the time and the changed fields, never a secret's value; newest first", async () => {
    const db = t.database.db;
    await record(db, {
      actorId: admin.id,
      entity: "product",
      entityId: 7,
      action: "create",
      changes: changesOnCreate({ name: "Baklava", price: 12.5 }),
    });
    expect(
      await record(db, {
        actorId: admin.id,
        entity: "product",
        entityId: 7,
        action: "update",
        changes: [],
      }),
    ).toBeNull();
    await record(db, {
      actorId: admin.id,
      entity: "product",
      entityId: 7,
      action: "update",
      changes: [
        ...changesBetween({ price: 12.5 }, { price: 14 }),
        { field: "smtp_password", before: "old-secret", after: "new-secret" },
      ],
    });
    await record(db, {
      actorId: admin.id,
      entity: "product",
      entityId: 8,
      action: "delete",
      changes: changesOnDelete({ name: "Other" }),
    });

    const res = await list("?entity=product&entity_id=7");
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, per_page: 20, total: 2, last_page: 1 });
    expect(data[0]).toEqual({
      id: expect.any(Number),
      entity: "product",
      entity_id: "7",
      action: "update",
      actor: { id: admin.id, name: "Owner Rana" },
      changes: [
        { field: "price", before: 12.5, after: 14 },
        { field: "smtp_password", before: null, after: null, redacted: true },
      ],
      created_at: expect.any(String),
    });
    expect(JSON.stringify(data)).not.toContain("secret");
    expect(data[1].action).toBe("create");
    expect(Date.parse(data[1].created_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await list("?entity=product")).json().meta.total).toBe(3);
  });

  it("pages", async () => {
    const res = await list("?entity=product&per_page=1&page=2");
    expect(res.json().data).toHaveLength(1);
    expect(res.json().meta).toEqual({ page: 2, per_page: 1, total: 3, last_page: 3 });
  });

  it.each([
    ["?per_page=1000", "per_page"],
    ["?page=0", "page"],
    ["?entity=%3Cscript%3E", "entity"],
  ])("answers 400 to %s", async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
  });

  it("401 anonymous, 403 for a customer", async () => {
    expect((await t.app.inject({ url: "/api/admin/audit" })).statusCode).toBe(401);
    expect((await list("", customer.auth)).statusCode).toBe(403);
  });

  it("an entity named like an Object property (constructor, __proto__) is a 403 or 400 for a non-owner, never a 500", async () => {
    const kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
    // The entity is lower case: "constructor" is the Object property it can name.
    for (const entity of ["constructor", "__proto__"]) {
      const res = await list(`?entity=${entity}`, kitchen.auth);
      expect(res.statusCode, entity).toBe(entity === "__proto__" ? 400 : 403);
    }
    // The owner reads the whole log, so an unknown entity is an empty history.
    expect((await list("?entity=constructor")).statusCode).toBe(200);
  });
});
