import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokens, users } from "../../db/schema/accounts.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { upsertAdmin } from "./admin-bootstrap.ts";
import { setTestArgon2Cost } from "./passwords.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await upsertAdmin(t.database.db, "boss@example.com", "admin-secret", "Boss");
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const post = (url: string, payload: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload, headers });
const put = (url: string, payload: Payload, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "PUT", url, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
async function registered(overrides: Payload = {}) {
  seq += 1;
  const body = {
    name: `Customer ${seq}`,
    email: `customer${seq}@example.com`,
    password: "secret1",
    password_confirmation: "secret1",
    ...overrides,
  };
  const res = await post("/api/auth/register", body);
  expect(res.statusCode).toBe(201);
  return { ...body, ...res.json() } as typeof body & {
    token: string;
    user: { id: number; email: string };
  };
}
const tokenCount = async () => (await t.database.db.select().from(tokens)).length;

describe("POST /api/auth/register", () => {
  it("creates a customer, signs them in, and stores only an argon2id hash", async () => {
    setTestArgon2Cost(false); // this test checks the production cost in the stored hash
    const res = await post("/api/auth/register", {
      name: "  Layla  ",
      email: " Layla@Example.com ",
      password: "secret1",
      password_confirmation: "secret1",
    }).finally(() => setTestArgon2Cost());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: "Bearer",
      user: { name: "Layla", email: "Layla@Example.com", is_admin: 0, country: null },
    });
    expect(body.user).not.toHaveProperty("password");
    expect(body.user).not.toHaveProperty("passwordHash");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,t=10,p=1\$/);
    const me = await get("/api/account", bearer(body.token));
    expect(me.json().data.email).toBe("Layla@Example.com");
  });

  it.each([
    [{ name: undefined }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ email: "" }, "email", "The email field is required."],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address."],
    [
      { password: "12345", password_confirmation: "12345" },
      "password",
      "Password must be at least 6 characters long",
    ],
    [{ password_confirmation: "secret2" }, "password_confirmation", "Passwords do not match"],
    [{ password_confirmation: undefined }, "password_confirmation", "Passwords do not match"],
  ])("rejects %j with 422 keyed by %s", async (overrides, field, message) => {
    const res = await post("/api/auth/register", {
      name: "Sami",
      email: `sami${++seq}@example.com`,
      password: "secret1",
      password_confirmation: "secret1",
      ...overrides,
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[field]).toContain(message);
    expect(body.message).toEqual(expect.any(String));
  });

  it("refuses an e-mail that is taken in any letter case with 422 on email", async () => {
    const first = await registered();
    const before = await tokenCount();
    const res = await post("/api/auth/register", {
      name: "Copy",
      email: first.email.toUpperCase(),
      password: "secret1",
      password_confirmation: "secret1",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "This email address is already registered.",
      errors: { email: ["This email address is already registered."] },
    });
    expect(await tokenCount()).toBe(before);
  });
});

describe("two registrations racing for one e-mail", () => {
  it("one account is created; the other gets the same 422, never a 500", async () => {
    const body = (email: string) => ({
      name: "Racer",
      email,
      password: "secret1",
      password_confirmation: "secret1",
    });
    const [a, b] = await Promise.all([
      post("/api/auth/register", body("racer@example.com")),
      post("/api/auth/register", body("RACER@example.com")),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(refused.json().errors).toEqual({ email: ["This email address is already registered."] });
  });
});

describe("POST /api/auth/login", () => {
  it("answers a token and the user; values are trimmed and the e-mail case ignored", async () => {
    const c = await registered();
    const res = await post("/api/auth/login", {
      email: `  ${c.email.toUpperCase()} `,
      password: " secret1 ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: "Bearer",
      user: { id: c.user.id, is_admin: 0 },
    });
    // A customer session lasts 30 days.
    const days = (Date.parse(res.json().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await get("/api/account", bearer(res.json().token))).statusCode).toBe(200);
  });

  it("gives one message for a wrong password and an unknown e-mail", async () => {
    const c = await registered();
    const wrong = await post("/api/auth/login", { email: c.email, password: "wrong-pass" });
    const unknown = await post("/api/auth/login", {
      email: "nobody@example.com",
      password: "secret1",
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "These credentials do not match our records." });
    }
  });

  it.each([
    [{}, "Email and password are required"],
    [{ email: "a@example.com" }, "Email and password are required"],
    [{ email: "   ", password: "secret1" }, "Email and password are required"],
    [{ email: "a@example.com", password: "12345" }, "Password must be at least 6 characters long"],
    [
      { email: "a@example.com", password: " 12345 " },
      "Password must be at least 6 characters long",
    ],
  ])("rejects %j with 422 and SPEC's message", async (payload, message) => {
    const res = await post("/api/auth/login", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it("rejects an oversized body with 413 and a message", async () => {
    const res = await post("/api/auth/login", {
      email: "a@example.com",
      password: "x".repeat(300_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request is too large." });
  });
});

describe("POST /api/auth/admin-login", () => {
  it("answers token, token_type Bearer and the admin user, with a 12-hour session", async () => {
    const res = await post("/api/auth/admin-login", {
      email: "BOSS@example.com",
      password: "admin-secret",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token: expect.any(String),
      token_type: "Bearer",
      user: { email: "boss@example.com", name: "Boss", is_admin: 1 },
    });
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
    const me = await get("/api/account", bearer(body.token));
    expect(me.json().data.is_admin).toBe(1);
  });

  it("refuses a customer with SPEC's message, 403, and creates no token", async () => {
    const c = await registered();
    const before = await tokenCount();
    const res = await post("/api/auth/admin-login", { email: c.email, password: c.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: "You are not authorized to access the admin dashboard.",
    });
    expect(await tokenCount()).toBe(before);
  });

  it("a wrong admin password is the same 401 as at the customer login", async () => {
    const res = await post("/api/auth/admin-login", {
      email: "boss@example.com",
      password: "not-it-at-all",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "These credentials do not match our records." });
  });

  it("applies the same two rules as the login form", async () => {
    const res = await post("/api/auth/admin-login", { email: "", password: "" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ["Email and password are required"],
      password: ["Email and password are required"],
    });
  });

  it("a customer's login token does not open the back office", async () => {
    const login = await post("/api/auth/login", {
      email: "boss@example.com",
      password: "admin-secret",
    });
    expect(login.statusCode).toBe(200);
    // The storefront sign-in of an admin makes a customer session, never an admin one.
    const [row] = await t.database.db
      .select({ kind: tokens.kind })
      .from(tokens)
      .orderBy(tokens.id)
      .limit(1)
      .offset((await tokenCount()) - 1);
    expect(row!.kind).toBe("customer");
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the current token only", async () => {
    const c = await registered();
    const other = (await post("/api/auth/login", { email: c.email, password: c.password })).json();
    const res = await post("/api/auth/logout", {}, bearer(c.token));
    expect(res.statusCode).toBe(204);
    expect((await get("/api/account", bearer(c.token))).statusCode).toBe(401);
    expect((await get("/api/account", bearer(other.token))).statusCode).toBe(200);
    // Logging out twice with the same token is no longer signed in.
    expect((await post("/api/auth/logout", {}, bearer(c.token))).statusCode).toBe(401);
  });

  it("answers 401 without a token", async () => {
    const res = await post("/api/auth/logout", {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthenticated." });
  });
});

describe("GET/PUT /api/account", () => {
  it("401 without a token, with a malformed one, an expired one and a revoked one", async () => {
    const c = await registered();
    const expired = await t.app.services.tokens.issue(
      c.user.id,
      "customer",
      new Date(Date.now() - 31 * 86_400_000),
    );
    const revoked = await t.app.services.tokens.issue(c.user.id, "customer");
    const session = await t.app.services.tokens.verify(revoked.token);
    await t.app.services.tokens.revoke(session!.tokenId);
    for (const headers of [
      {},
      { authorization: "Bearer" },
      { authorization: "Basic abc" },
      bearer("made-up-token"),
      bearer(expired.token),
      bearer(revoked.token),
    ]) {
      const res = await get("/api/account", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated." });
      expect((await put("/api/account", { name: "x", email: c.email }, headers)).statusCode).toBe(
        401,
      );
    }
  });

  it("loads and saves the account fields; each user sees only their own", async () => {
    const a = await registered();
    const b = await registered();
    const res = await put(
      "/api/account",
      {
        username: " sweet_tooth ",
        name: "Amal Haddad",
        company: "Haddad Trading",
        email: "amal@example.com",
        phone: "+963 11 000 0000",
        country: "QA",
        location: "Doha",
        // A new address needs the password.
        current_password: a.password,
      },
      bearer(a.token),
    );
    expect(res.statusCode).toBe(200);
    const expected = {
      id: a.user.id,
      username: "sweet_tooth",
      name: "Amal Haddad",
      company: "Haddad Trading",
      email: "amal@example.com",
      // Stored in E.164, whatever spacing it was typed with.
      phone: "+963110000000",
      country: "QA",
      location: "Doha",
      is_admin: 0,
      // A new address is not verified yet (issue 25).
      email_verified: false,
    };
    expect(res.json()).toEqual({ data: expected });
    expect((await get("/api/account", bearer(a.token))).json()).toEqual({ data: expected });
    const other = (await get("/api/account", bearer(b.token))).json().data;
    expect(other.id).toBe(b.user.id);
    expect(other.company).toBeNull();
    // Emptied optional fields are cleared.
    const cleared = await put(
      "/api/account",
      { name: "Amal", email: "amal@example.com", company: "", country: "", phone: "" },
      bearer(a.token),
    );
    expect(cleared.json().data).toMatchObject({ company: null, country: null, phone: null });
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ email: "nope" }, "email", "Please enter a valid email address."],
    [{ country: "FR" }, "country", "Please choose Syria, Turkey, Qatar or UAE."],
    [{ country: "sy" }, "country", "Please choose Syria, Turkey, Qatar or UAE."],
    [{ phone: "call me" }, "phone", "Please enter a valid phone number."],
    [{ company: "x".repeat(121) }, "company", "This field must not be longer than 120 characters."],
  ])("rejects %j with 422 on %s", async (overrides, field, message) => {
    const c = await registered();
    const res = await put(
      "/api/account",
      { name: "Valid", email: c.email, ...overrides },
      bearer(c.token),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("refuses another account's e-mail (any case) but keeps your own", async () => {
    const a = await registered();
    const b = await registered();
    const taken = await put(
      "/api/account",
      { name: "A", email: b.email.toUpperCase(), current_password: a.password },
      bearer(a.token),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ["This email address is already registered."] });
    const own = await put(
      "/api/account",
      { name: "A", email: a.email.toUpperCase() },
      bearer(a.token),
    );
    expect(own.statusCode).toBe(200);
  });
});

describe("PUT /api/account/password", () => {
  it("checks the current password, ends every other session and keeps this one", async () => {
    const c = await registered();
    const phone = (await post("/api/auth/login", { email: c.email, password: c.password })).json();
    const res = await put(
      "/api/account/password",
      { current_password: c.password, password: "new-secret", password_confirmation: "new-secret" },
      bearer(c.token),
    );
    expect(res.statusCode).toBe(204);
    expect((await get("/api/account", bearer(c.token))).statusCode).toBe(200);
    expect((await get("/api/account", bearer(phone.token))).statusCode).toBe(401);
    const old = await post("/api/auth/login", { email: c.email, password: c.password });
    expect(old.statusCode).toBe(401);
    const fresh = await post("/api/auth/login", { email: c.email, password: "new-secret" });
    expect(fresh.statusCode).toBe(200);
  });

  it("refuses a wrong current password with 422 and changes nothing", async () => {
    const c = await registered();
    const res = await put(
      "/api/account/password",
      { current_password: "guess-it", password: "new-secret", password_confirmation: "new-secret" },
      bearer(c.token),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "The current password is incorrect.",
      errors: { current_password: ["The current password is incorrect."] },
    });
    expect(
      (await post("/api/auth/login", { email: c.email, password: c.password })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ current_password: "" }, "current_password", "The current password is required."],
    [
      { password: "short", password_confirmation: "short" },
      "password",
      "Password must be at least 6 characters long",
    ],
    [{ password_confirmation: "different" }, "password_confirmation", "Passwords do not match"],
  ])("rejects %j with 422 on %s", async (overrides, field, message) => {
    const c = await registered();
    const res = await put(
      "/api/account/password",
      {
        current_password: c.password,
        password: "new-secret",
        password_confirmation: "new-secret",
        ...overrides,
      },
      bearer(c.token),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it("answers 401 without a session", async () => {
    const res = await put("/api/account/password", {
      current_password: "secret1",
      password: "new-secret",
      password_confirmation: "new-secret",
    });
    expect(res.statusCode).toBe(401);
  });
});
