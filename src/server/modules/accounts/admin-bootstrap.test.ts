import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { openTestDatabase } from "../../test/app.ts";
import { ensureFirstAdmin, upsertAdmin } from "./admin-bootstrap.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { createTokenService } from "./tokens.ts";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

const hashOf = async (email: string) =>
  (await database.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;

describe("admin passwords (issue 14.5)", () => {
  it("ADMIN_PASSWORD creates the admin once; a password changed later survives restarts", async () => {
    const opts = { email: "boss@example.com", password: "from-the-env-1" };
    expect(await ensureFirstAdmin(database.db, opts)).toEqual({
      email: "boss@example.com",
      password: "from-the-env-1",
      created: true,
    });
    // The admin changes the password in the back office.
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword("changed-by-admin") })
      .where(eq(users.email, "boss@example.com"));
    // A restart with the same environment neither re-applies nor prints it.
    expect(await ensureFirstAdmin(database.db, opts)).toEqual({
      email: "boss@example.com",
      password: null,
      created: false,
    });
    expect(await verifyPassword(await hashOf("boss@example.com"), "changed-by-admin")).toBe(true);
  });

  it("a generated password is returned only when the admin is created", async () => {
    const fresh = await openTestDatabase();
    try {
      const first = await ensureFirstAdmin(fresh.database.db, {});
      expect(first?.password).toMatch(/^\S{12,}$/);
      expect(await ensureFirstAdmin(fresh.database.db, {})).toMatchObject({ password: null });
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
  });

  it("create-admin's reset ends every existing session of that admin", async () => {
    const tokens = createTokenService(database.db);
    await upsertAdmin(database.db, "reset@example.com", "old-password");
    const [admin] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "reset@example.com"));
    const { token } = await tokens.issue(admin!.id, "admin");
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await upsertAdmin(database.db, "reset@example.com", "new-password")).toEqual({
      created: false,
    });
    expect(await tokens.verify(token)).toBeNull();
    expect(await verifyPassword(await hashOf("reset@example.com"), "new-password")).toBe(true);
  });
});
