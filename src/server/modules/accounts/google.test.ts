import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema/accounts.ts";
import { adminTwoFactor } from "../../db/schema/two-factor.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { GOOGLE_TOKENINFO_URL } from "./google.ts";

// Google cannot be reached from here: its tokeninfo endpoint is the one thing replaced, and
// answers as Google documents it. Everything of ours (cookies, checks, accounts) is real.
const CLIENT_ID = "shop-client.apps.googleusercontent.com";
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID } });
});
afterAll(() => t.close());
afterEach(() => vi.unstubAllGlobals());

function googleAnswers(claims: Record<string, unknown> | null) {
  const fetchMock = vi.fn(async (url: string) => {
    expect(url.startsWith(`${GOOGLE_TOKENINFO_URL}?id_token=`)).toBe(true);
    return claims
      ? new Response(JSON.stringify(claims), { status: 200 })
      : new Response(JSON.stringify({ error: "invalid_token" }), { status: 400 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** GET /api/auth/google: where it sends the browser and the state cookie it sets. */
async function start(redirect = "/orders") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/auth/google?redirect=${encodeURIComponent(redirect)}`,
  });
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location));
  const cookie = res.cookies.find((c) => c.name === "google_oidc")!;
  return {
    location,
    cookie,
    state: location.searchParams.get("state")!,
    nonce: location.searchParams.get("nonce")!,
  };
}

const claimsFor = (nonce: string, overrides: Record<string, unknown> = {}) => ({
  aud: CLIENT_ID,
  iss: "https://accounts.google.com",
  sub: "1234567890",
  email: "google.user@example.com",
  email_verified: "true",
  name: "Google User",
  nonce,
  exp: String(Math.floor(Date.now() / 1000) + 3600),
  ...overrides,
});

const callback = (cookie: { value: string } | null, body: Record<string, string>) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/google/callback",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie: `google_oidc=${encodeURIComponent(cookie.value)}` } : {}),
    },
    payload: new URLSearchParams(body).toString(),
  });

const fragmentOf = (location: string) => new URLSearchParams(location.split("#")[1] ?? "");

describe("Continue with Google", () => {
  it("sends the browser to Google with our client, a state, a nonce and form_post", async () => {
    const { location, cookie } = await start();
    expect(location.origin + location.pathname).toBe(
      "https://accounts.google.com/o/oauth2/v2/auth",
    );
    expect(location.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(location.searchParams.get("response_mode")).toBe("form_post");
    expect(location.searchParams.get("response_type")).toBe("id_token");
    expect(location.searchParams.get("redirect_uri")).toMatch(/\/api\/auth\/google\/callback$/);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "None" });
  });

  it("signs in a verified Google user (creating the account once) and returns the token", async () => {
    const { cookie, state, nonce } = await start("/orders");
    googleAnswers(claimsFor(nonce));
    const res = await callback(cookie, { id_token: "header.payload.signature", state });
    expect(res.statusCode).toBe(303);
    const fragment = fragmentOf(String(res.headers.location));
    expect(String(res.headers.location).startsWith("/login#")).toBe(true);
    expect(fragment.get("redirect")).toBe("/orders");
    const token = fragment.get("google_token")!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({
      email: "google.user@example.com",
      name: "Google User",
      is_admin: 0,
    });

    // The second time, the same account.
    const again = await start();
    googleAnswers(claimsFor(again.nonce, { email: "GOOGLE.user@example.com" }));
    const second = await callback(again.cookie, { id_token: "x.y.z", state: again.state });
    const secondToken = fragmentOf(String(second.headers.location)).get("google_token")!;
    const me2 = await t.app.inject({
      method: "GET",
      url: "/api/account",
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(me2.json().data.id).toBe(me.json().data.id);
  });

  it.each([
    ["a token Google rejects", null, {}],
    ["another app's token", "claims", { aud: "someone-else" }],
    ["a replayed nonce", "claims", { nonce: "old-nonce" }],
    ["an unverified e-mail", "claims", { email_verified: "false" }],
    ["a foreign issuer", "claims", { iss: "https://evil.example" }],
    ["an expired token", "claims", { exp: "1000" }],
  ])("refuses %s and creates no session", async (_name, kind, overrides) => {
    const { cookie, state, nonce } = await start();
    googleAnswers(kind ? claimsFor(nonce, overrides) : null);
    const res = await callback(cookie, { id_token: "x.y.z", state });
    expect(res.statusCode).toBe(303);
    const fragment = fragmentOf(String(res.headers.location));
    expect(fragment.get("google_error")).toBe("1");
    expect(fragment.get("google_token")).toBeNull();
  });

  it("refuses a callback whose state does not match the cookie, or has no cookie", async () => {
    const { cookie, nonce } = await start();
    const fetchMock = googleAnswers(claimsFor(nonce));
    for (const res of [
      await callback(cookie, { id_token: "x.y.z", state: "forged" }),
      await callback(null, { id_token: "x.y.z", state: "anything" }),
    ]) {
      expect(fragmentOf(String(res.headers.location)).get("google_error")).toBe("1");
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("Google's own verified address makes a new account verified", async () => {
    const { cookie, state, nonce } = await start();
    googleAnswers(claimsFor(nonce, { email: "fresh.google@example.com" }));
    const res = await callback(cookie, { id_token: "x.y.z", state });
    const token = fragmentOf(String(res.headers.location)).get("google_token")!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toMatchObject({
      email: "fresh.google@example.com",
      email_verified: true,
    });
  });

  it("refuses to hand over an account whose address was never verified, then allows it once verified", async () => {
    // Someone registered this address first, with a password of their own (issue 25's probe).
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "First Comer",
        email: "taken.first@example.com",
        password: "squatter-secret",
        password_confirmation: "squatter-secret",
      },
    });
    expect(registered.statusCode).toBe(201);
    const sessionsBefore = await t.app.inject({
      method: "GET",
      url: "/api/account",
      headers: { authorization: `Bearer ${registered.json().token}` },
    });
    expect(sessionsBefore.json().data.email_verified).toBe(false);

    const first = await start("/orders");
    googleAnswers(claimsFor(first.nonce, { email: "Taken.First@example.com" }));
    const refused = await callback(first.cookie, { id_token: "x.y.z", state: first.state });
    expect(refused.statusCode).toBe(303);
    const fragment = fragmentOf(String(refused.headers.location));
    expect(fragment.get("google_error")).toBe("unverified");
    expect(fragment.get("google_token")).toBeNull();

    // Once the account's owner proved the address (the e-mailed link), Google signs in to it.
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, "taken.first@example.com"));
    const second = await start("/orders");
    googleAnswers(claimsFor(second.nonce, { email: "taken.first@example.com" }));
    const allowed = await callback(second.cookie, { id_token: "x.y.z", state: second.state });
    const token = fragmentOf(String(allowed.headers.location)).get("google_token")!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data.id).toBe(registered.json().user.id);
  });

  it("an account with two-factor on is not opened by Google: its password and code are", async () => {
    const email = "two-factor.google@example.com";
    const [row] = await t.database.db
      .insert(users)
      .values({
        name: "Owner",
        email,
        passwordHash: "x",
        emailVerifiedAt: new Date(),
        isAdmin: true,
      })
      .returning({ id: users.id });
    await t.database.db
      .insert(adminTwoFactor)
      .values({ userId: row!.id, secret: "JBSWY3DPEHPK3PXP", updatedAt: new Date() });
    const { cookie, state, nonce } = await start();
    googleAnswers(claimsFor(nonce, { email }));
    const res = await callback(cookie, { id_token: "x.y.z", state });
    expect(res.statusCode).toBe(303);
    const fragment = fragmentOf(String(res.headers.location));
    expect(fragment.get("google_error")).toBe("two_factor");
    expect(fragment.get("google_token")).toBeNull();
  });

  it("keeps the return path on this site", async () => {
    const { cookie, state, nonce } = await start("//evil.example/steal");
    googleAnswers(claimsFor(nonce, { email: "third@example.com" }));
    const res = await callback(cookie, { id_token: "x.y.z", state });
    expect(fragmentOf(String(res.headers.location)).get("redirect")).toBe("/");
  });
});

describe("without GOOGLE_CLIENT_ID", () => {
  it("the Google routes do not exist", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
