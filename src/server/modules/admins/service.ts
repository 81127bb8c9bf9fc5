import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  ADMINS_MESSAGES,
  type AdminRole,
  normaliseRoles,
  removalRefusal,
  roleChangeRefusal,
} from "../../../shared/domain/admins.ts";
import type { AdminMe, AdminUser } from "../../../shared/schemas/admins.ts";
import type { RegisterInput } from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { tokens, users } from "../../db/schema/accounts.ts";
import { adminRoles } from "../../db/schema/admins.ts";
import { conflict, HttpError, notFound } from "../../http-errors.ts";
import type { AccountService } from "../accounts/service.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import type { TwoFactorService } from "../two-factor/service.ts";

/** The roles of each of these users (admins only have rows), in the fixed order. */
async function rolesByUser(db: Db | Tx, ids: number[]): Promise<Map<number, AdminRole[]>> {
  const byUser = new Map<number, AdminRole[]>();
  if (ids.length === 0) return byUser;
  const rows = await db
    .select({ userId: adminRoles.userId, role: adminRoles.role })
    .from(adminRoles)
    .where(inArray(adminRoles.userId, ids));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.role]);
  for (const [id, roles] of byUser) byUser.set(id, normaliseRoles(roles));
  return byUser;
}

async function replaceRoles(tx: Tx, userId: number, roles: readonly AdminRole[]): Promise<void> {
  await tx.delete(adminRoles).where(eq(adminRoles.userId, userId));
  await tx.insert(adminRoles).values(roles.map((role) => ({ userId, role })));
}

/**
 * Every admin row locked (two owners demoting or removing each other at once cannot leave
 * none), with their roles.
 */
async function lockAdmins(tx: Tx) {
  const admins = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.isAdmin, true))
    .for("update");
  const roles = await rolesByUser(
    tx,
    admins.map((a) => a.id),
  );
  const withRoles = admins.map((a) => ({ ...a, roles: roles.get(a.id) ?? [] }));
  return {
    admins: withRoles,
    ownerCount: withRoles.filter((a) => a.roles.includes("owner")).length,
  };
}

const lastOwner = (message: string) => new HttpError(422, message, { roles: [message] });

/**
 * The admins section: list, add, change roles, remove (never the last
 * admin, never the last owner), all audited. Removing an admin takes the admin flag away
 * (their orders and account stay), their roles and their sessions.
 */
export function createAdminsService(
  db: Db,
  deps: { accounts: AccountService; twoFactor: TwoFactorService },
) {
  return {
    async list(currentId: number): Promise<AdminUser[]> {
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.createdAt), asc(users.id));
      const roles = await rolesByUser(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        roles: roles.get(r.id) ?? [],
        created_at: r.createdAt.toISOString(),
        current: r.id === currentId,
      }));
    },

    /** The roles of one admin (none for anyone else): the auth plugin asks once per request. */
    async rolesOf(userId: number): Promise<AdminRole[]> {
      return (await rolesByUser(db, [userId])).get(userId) ?? [];
    },

    /** `GET /api/admin/me`: who is signed in and what they may do. */
    async me(user: { id: number; name: string; email: string }): Promise<AdminMe> {
      const [roles, twoFactor] = await Promise.all([
        this.rolesOf(user.id),
        deps.twoFactor.status(user.id),
      ]);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        roles,
        two_factor: twoFactor.enabled,
        // The shop requires it and this admin has not set it up: only the set-up opens.
        two_factor_setup_required: twoFactor.required && !twoFactor.enabled,
      };
    },

    /** A new account with the admin flag and its roles; a taken e-mail is a 422 on `email`. */
    async create(
      input: RegisterInput & { roles?: AdminRole[] },
      actorId: number,
    ): Promise<AdminUser> {
      const roles = normaliseRoles(input.roles ?? ["owner"]);
      const row = await deps.accounts.register(input);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ isAdmin: true }).where(eq(users.id, row.id));
        // Set explicitly: the flag's trigger gives a new admin `owner` until told otherwise.
        await replaceRoles(tx, row.id, roles);
        await record(tx, {
          actorId,
          entity: "admin",
          entityId: row.id,
          action: "create",
          changes: changesOnCreate({
            name: row.name,
            email: row.email,
            roles: roles.join(", "),
            password: "set",
          }),
        });
      });
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        roles,
        created_at: row.createdAt.toISOString(),
        current: row.id === actorId,
      };
    },

    /** `PUT /api/admin/admins/{id}`: new roles (at least one; the last owner stays one). */
    async update(id: number, input: { roles: AdminRole[] }, actorId: number): Promise<AdminUser> {
      const next = normaliseRoles(input.roles);
      return db.transaction(async (tx) => {
        const { admins, ownerCount } = await lockAdmins(tx);
        const target = admins.find((a) => a.id === id);
        if (!target) throw notFound(ADMINS_MESSAGES.NOT_FOUND);
        const refusal = roleChangeRefusal({ current: target.roles, next, ownerCount });
        if (refusal) throw lastOwner(refusal);
        const changes = changesBetween(
          { roles: target.roles.join(", ") },
          { roles: next.join(", ") },
        );
        if (changes.length > 0) {
          await replaceRoles(tx, id, next);
          await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, id));
          await record(tx, { actorId, entity: "admin", entityId: id, action: "update", changes });
        }
        const [row] = await tx
          .select({ createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, id));
        return {
          id,
          name: target.name,
          email: target.email,
          roles: next,
          created_at: row!.createdAt.toISOString(),
          current: id === actorId,
        };
      });
    },

    async remove(id: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { admins, ownerCount } = await lockAdmins(tx);
        const target = admins.find((a) => a.id === id);
        if (!target) throw notFound(ADMINS_MESSAGES.NOT_FOUND);
        const refusal = removalRefusal({
          targetId: id,
          actorId,
          adminCount: admins.length,
          ownerCount,
          targetIsOwner: target.roles.includes("owner"),
        });
        if (refusal === ADMINS_MESSAGES.LAST_OWNER) throw lastOwner(refusal);
        if (refusal) throw conflict(refusal);
        await tx
          .update(users)
          .set({ isAdmin: false, updatedAt: new Date() })
          .where(eq(users.id, id));
        await tx.delete(adminRoles).where(eq(adminRoles.userId, id));
        await tx
          .update(tokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(tokens.userId, id), isNull(tokens.revokedAt)));
        await record(tx, {
          actorId,
          entity: "admin",
          entityId: id,
          action: "delete",
          changes: changesOnDelete({
            name: target.name,
            email: target.email,
            roles: target.roles.join(", "),
          }),
        });
      });
    },
  };
}
export type AdminsService = ReturnType<typeof createAdminsService>;
