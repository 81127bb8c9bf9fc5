import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMINS_MESSAGES } from "../../../shared/domain/admins.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { AUTH_MESSAGES } from "../../../shared/schemas/auth.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { ensureFirstAdmin, upsertAdmin } from "../accounts/admin-bootstrap.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

const as = (auth: Record<string, string>) => ({
  get: (url: string) => t.app.inject({ url, headers: auth }),
  post: (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: auth, payload }),
  put: (url: string, payload: object) =>
    t.app.inject({ method: "PUT", url, headers: auth, payload }),
  delete: (url: string) => t.app.inject({ method: "DELETE", url, headers: auth }),
});

const login = async (email: string, password: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/admin-login",
    payload: { email, password },
  });
  return res;
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const newAdmin = {
  name: "Second Admin",
  email: "second.admin@example.com",
  password: "first-secret",
  password_confirmation: "first-secret",
};

describe("admins", () => {
  it("401 anonymous, 403 customer on every admins route", async () => {
    for (const auth of [{}, customer.auth]) {
      const status = auth === customer.auth ? 403 : 401;
      expect((await as(auth).get("/api/admin/admins")).statusCode).toBe(status);
      expect((await as(auth).post("/api/admin/admins", newAdmin)).statusCode).toBe(status);
      expect((await as(auth).delete(`/api/admin/admins/${owner.id}`)).statusCode).toBe(status);
      expect((await as(auth).put("/api/admin/password", {})).statusCode).toBe(status);
      expect((await as(auth).put(`/api/admin/admins/${owner.id}`, {})).statusCode).toBe(status);
    }
  });

  it("the only admin cannot remove themselves: 409, still an admin", async () => {
    const res = await as(owner.auth).delete(`/api/admin/admins/${owner.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ADMINS_MESSAGES.LAST_ADMIN });
    expect((await as(owner.auth).get("/api/admin/admins")).statusCode).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["no name", { name: "" }, "name", MESSAGES.NAME_REQUIRED],
    ["a bad e-mail", { email: "nope" }, "email", "Please enter a valid email address."],
    [
      "a short password",
      { password: "123", password_confirmation: "123" },
      "password",
      MESSAGES.PASSWORD_MIN,
    ],
    [
      "a mismatch",
      { password_confirmation: "other-secret" },
      "password_confirmation",
      MESSAGES.PASSWORDS_DO_NOT_MATCH,
    ],
    ["a customer's e-mail", { email: "CUSTOMER" }, "email", AUTH_MESSAGES.EMAIL_TAKEN],
  ])("adding one with %s is a 422 keyed by the field", async (_n, patch, field, message) => {
    const body = { ...newAdmin, ...patch };
    if (patch.email === "CUSTOMER") body.email = customer.email.toUpperCase();
    const res = await as(owner.auth).post("/api/admin/admins", body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("adds an admin who can sign in; lists both with who is asking; records it", async () => {
    const res = await as(owner.auth).post("/api/admin/admins", newAdmin);
    expect(res.statusCode).toBe(201);
    // Without roles (an older client) the new admin is an owner, as before roles.
    expect(res.json().data).toMatchObject({
      name: "Second Admin",
      email: newAdmin.email,
      roles: ["owner"],
    });
    expect((await login(newAdmin.email, "first-secret")).statusCode).toBe(200);

    const list = (await as(owner.auth).get("/api/admin/admins")).json().data;
    expect(list.map((a: { email: string; current: boolean }) => [a.email, a.current])).toEqual([
      [owner.email, true],
      [newAdmin.email, false],
    ]);
    const again = await as(owner.auth).post("/api/admin/admins", newAdmin);
    expect(again.statusCode).toBe(422);

    const history = await as(owner.auth).get(
      `/api/admin/audit?entity=admin&entity_id=${res.json().data.id}`,
    );
    const [entry] = history.json().data;
    expect(entry.action).toBe("create");
    // The password is never written to the log.
    expect(entry.changes).toContainEqual({
      field: "password",
      before: null,
      after: null,
      redacted: true,
    });
  });

  it("a password change checks the current one and ends the admin's other sessions", async () => {
    const first = (await login(newAdmin.email, "first-secret")).json().token as string;
    const second = (await login(newAdmin.email, "first-secret")).json().token as string;

    const wrong = await as(bearer(first)).put("/api/admin/password", {
      current_password: "not-it",
      password: "second-secret",
      password_confirmation: "second-secret",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([AUTH_MESSAGES.CURRENT_PASSWORD_WRONG]);
    const mismatch = await as(bearer(first)).put("/api/admin/password", {
      current_password: "first-secret",
      password: "second-secret",
      password_confirmation: "third-secret",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(["password_confirmation"]);

    const ok = await as(bearer(first)).put("/api/admin/password", {
      current_password: "first-secret",
      password: "second-secret",
      password_confirmation: "second-secret",
    });
    expect(ok.statusCode).toBe(200);
    // This session goes on; the other one ended.
    expect((await as(bearer(first)).get("/api/admin/admins")).statusCode).toBe(200);
    expect((await as(bearer(second)).get("/api/admin/admins")).statusCode).toBe(401);
    expect((await login(newAdmin.email, "first-secret")).statusCode).toBe(401);
    expect((await login(newAdmin.email, "second-secret")).statusCode).toBe(200);
  });

  it("removes another admin (their sessions end), never yourself, 404 for a non-admin", async () => {
    const second = (await login(newAdmin.email, "second-secret")).json();
    const self = await as(owner.auth).delete(`/api/admin/admins/${owner.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ADMINS_MESSAGES.SELF);
    expect((await as(owner.auth).delete(`/api/admin/admins/${customer.id}`)).statusCode).toBe(404);
    expect((await as(owner.auth).delete("/api/admin/admins/abc")).statusCode).toBe(400);

    const res = await as(owner.auth).delete(`/api/admin/admins/${second.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((await as(bearer(second.token)).get("/api/admin/admins")).statusCode).toBe(401);
    const list = (await as(owner.auth).get("/api/admin/admins")).json().data;
    expect(list).toHaveLength(1);
    // The account stays (orders keep their customer); it is no longer an admin.
    expect((await login(newAdmin.email, "second-secret")).statusCode).toBe(403);
    // Now the owner is the last one again.
    const last = await as(owner.auth).delete(`/api/admin/admins/${owner.id}`);
    expect(last.json().message).toBe(ADMINS_MESSAGES.LAST_ADMIN);
  });
});

describe("roles (issue 27)", () => {
  const packer = {
    name: "Packer",
    email: "packer@example.com",
    password: "packer-secret",
    password_confirmation: "packer-secret",
  };
  let packerId: number;

  it("GET /api/admin/me says who is signed in and their roles", async () => {
    const res = await as(owner.auth).get("/api/admin/me");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: owner.id,
        name: "Owner",
        email: owner.email,
        roles: ["owner"],
        two_factor: false,
        two_factor_setup_required: false,
      },
    });
    expect((await as({}).get("/api/admin/me")).statusCode).toBe(401);
    expect((await as(customer.auth).get("/api/admin/me")).statusCode).toBe(403);
  });

  it.each<[string, unknown, string]>([
    ["none", [], ADMINS_MESSAGES.ROLES_REQUIRED],
    ["an unknown one", ["root"], ADMINS_MESSAGES.ROLE_UNKNOWN],
    ["not a list", "owner", ADMINS_MESSAGES.ROLES_REQUIRED],
  ])("adding one with %s as roles is a 422 on roles", async (_n, roles, message) => {
    const res = await as(owner.auth).post("/api/admin/admins", { ...packer, roles });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^roles/);
    expect(Object.values(res.json().errors).flat()).toContain(message);
  });

  it("adds a packer with the orders role, who signs in and sees only theirs; audited", async () => {
    const res = await as(owner.auth).post("/api/admin/admins", {
      ...packer,
      roles: ["orders", "orders"],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.roles).toEqual(["orders"]);
    packerId = res.json().data.id;
    const token = (await login(packer.email, "packer-secret")).json().token as string;
    const me = (await as(bearer(token)).get("/api/admin/me")).json().data;
    expect(me.roles).toEqual(["orders"]);
    expect((await as(bearer(token)).get("/api/admin/orders")).statusCode).toBe(200);
    const refused = await as(bearer(token)).get("/api/admin/admins");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ADMINS_MESSAGES.FORBIDDEN_ROLE });
    // A packer cannot give themselves more.
    const self = await as(bearer(token)).put(`/api/admin/admins/${packerId}`, {
      roles: ["owner"],
    });
    expect(self.statusCode).toBe(403);

    const history = await as(owner.auth).get(`/api/admin/audit?entity=admin&entity_id=${packerId}`);
    expect(history.json().data[0].changes).toContainEqual({
      field: "roles",
      before: null,
      after: "orders",
    });
  });

  it("PUT changes the roles at once (no new sign-in needed) and records the change", async () => {
    const token = (await login(packer.email, "packer-secret")).json().token as string;
    const res = await as(owner.auth).put(`/api/admin/admins/${packerId}`, {
      roles: ["kitchen", "catalogue"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: packerId, roles: ["catalogue", "kitchen"] });
    expect((await as(bearer(token)).get("/api/admin/orders")).statusCode).toBe(403);
    expect((await as(bearer(token)).get("/api/admin/kitchen")).statusCode).toBe(200);
    const list = (await as(owner.auth).get("/api/admin/admins")).json().data;
    expect(list.find((a: { id: number }) => a.id === packerId).roles).toEqual([
      "catalogue",
      "kitchen",
    ]);
    const [entry] = (
      await as(owner.auth).get(`/api/admin/audit?entity=admin&entity_id=${packerId}`)
    ).json().data;
    expect(entry).toMatchObject({
      action: "update",
      changes: [{ field: "roles", before: "orders", after: "catalogue, kitchen" }],
    });
    // The same roles again: nothing to record.
    await as(owner.auth).put(`/api/admin/admins/${packerId}`, { roles: ["catalogue", "kitchen"] });
    const again = (
      await as(owner.auth).get(`/api/admin/audit?entity=admin&entity_id=${packerId}`)
    ).json().data;
    expect(again).toHaveLength(2);
  });

  it("PUT: bad roles 422, unknown admin 404, a customer 404, bad id 400", async () => {
    const none = await as(owner.auth).put(`/api/admin/admins/${packerId}`, { roles: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.roles).toEqual([ADMINS_MESSAGES.ROLES_REQUIRED]);
    expect((await as(owner.auth).put(`/api/admin/admins/${packerId}`, {})).statusCode).toBe(422);
    expect(
      (await as(owner.auth).put("/api/admin/admins/999999", { roles: ["orders"] })).statusCode,
    ).toBe(404);
    expect(
      (await as(owner.auth).put(`/api/admin/admins/${customer.id}`, { roles: ["orders"] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(owner.auth).put("/api/admin/admins/abc", { roles: ["orders"] })).statusCode,
    ).toBe(400);
  });

  it("the last owner cannot be demoted (422 on roles); with a second owner they can", async () => {
    const demote = await as(owner.auth).put(`/api/admin/admins/${owner.id}`, {
      roles: ["orders"],
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json()).toEqual({
      message: ADMINS_MESSAGES.LAST_OWNER,
      errors: { roles: [ADMINS_MESSAGES.LAST_OWNER] },
    });
    expect((await as(owner.auth).get("/api/admin/me")).json().data.roles).toEqual(["owner"]);

    // The packer becomes a second owner; now the first may step down to orders and back.
    await as(owner.auth).put(`/api/admin/admins/${packerId}`, { roles: ["owner"] });
    const token = (await login(packer.email, "packer-secret")).json().token as string;
    const step = await as(owner.auth).put(`/api/admin/admins/${owner.id}`, {
      roles: ["orders", "owner"],
    });
    expect(step.statusCode).toBe(200);
    const down = await as(bearer(token)).put(`/api/admin/admins/${owner.id}`, {
      roles: ["orders"],
    });
    expect(down.statusCode).toBe(200);
    // Now the packer is the only owner: the first cannot remove or demote them.
    expect(
      (await as(bearer(token)).put(`/api/admin/admins/${packerId}`, { roles: ["kitchen"] }))
        .statusCode,
    ).toBe(422);
    const back = await as(bearer(token)).put(`/api/admin/admins/${owner.id}`, {
      roles: ["owner"],
    });
    expect(back.statusCode).toBe(200);
    // Tidy: the packer leaves again (removed by the owner), sessions end.
    expect((await as(owner.auth).delete(`/api/admin/admins/${packerId}`)).statusCode).toBe(200);
    expect((await as(bearer(token)).get("/api/admin/me")).statusCode).toBe(401);
  });
});

describe("two owners stepping down at once (issue 27)", () => {
  it("one of them stays an owner: the rows are locked, the other gets the 422", async () => {
    const a = await createUserWithToken(t.app, { admin: true, roles: ["owner"] });
    const b = await createUserWithToken(t.app, { admin: true, roles: ["owner"] });
    // Only these two are owners now.
    await as(a.auth).put(`/api/admin/admins/${owner.id}`, { roles: ["orders"] });
    const [first, second] = await Promise.all([
      as(a.auth).put(`/api/admin/admins/${a.id}`, { roles: ["orders"] }),
      as(b.auth).put(`/api/admin/admins/${b.id}`, { roles: ["orders"] }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    const list = (await as(first.statusCode === 200 ? b.auth : a.auth).get("/api/admin/admins"))
      .json()
      .data.filter((x: { roles: string[] }) => x.roles.includes("owner"));
    expect(list).toHaveLength(1);
    // Back as before for the tests below.
    const survivor = first.statusCode === 200 ? b : a;
    await as(survivor.auth).put(`/api/admin/admins/${owner.id}`, { roles: ["owner"] });
  });
});

describe("ADMIN_PASSWORD and the create-admin reset", () => {
  it("ADMIN_PASSWORD seeds an admin once and never overwrites a changed password", async () => {
    const email = "seeded.owner@example.com";
    const seeded = await ensureFirstAdmin(t.database.db, { email, password: "seed-secret" });
    expect(seeded).toMatchObject({ email, created: true });
    const session = (await login(email, "seed-secret")).json().token as string;
    const changed = await as(bearer(session)).put("/api/admin/password", {
      current_password: "seed-secret",
      password: "changed-secret",
      password_confirmation: "changed-secret",
    });
    expect(changed.statusCode).toBe(200);
    // A restart with the same ADMIN_PASSWORD.
    expect(await ensureFirstAdmin(t.database.db, { email, password: "seed-secret" })).toEqual({
      email,
      password: null,
      created: false,
    });
    expect((await login(email, "seed-secret")).statusCode).toBe(401);
    expect((await login(email, "changed-secret")).statusCode).toBe(200);
  });

  it("a reset (npm run create-admin) ends every session of that admin", async () => {
    const email = "seeded.owner@example.com";
    const session = (await login(email, "changed-secret")).json().token as string;
    await upsertAdmin(t.database.db, email, "reset-secret");
    expect((await as(bearer(session)).get("/api/admin/admins")).statusCode).toBe(401);
    expect((await login(email, "reset-secret")).statusCode).toBe(200);
  });
});
