import { and, asc, eq, isNull } from "drizzle-orm";
import { ADMINS_MESSAGES, removalRefusal } from "../../../shared/domain/admins.ts";
import type { AdminUser } from "../../../shared/schemas/admins.ts";
import type { RegisterInput } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { tokens, users } from "../../db/schema/accounts.ts";
import { conflict, notFound } from "../../http-errors.ts";
import type { AccountService } from "../accounts/service.ts";
import { changesOnCreate, changesOnDelete, record } from "../audit/service.ts";

/**
 * The admins section (issue 11): list, add, remove (never the last), all audited. Removing an
 * admin takes the admin flag away (their orders and account stay) and ends their sessions.
 */
export function createAdminsService(db: Db, deps: { accounts: AccountService }) {
  return {
    async list(currentId: number): Promise<AdminUser[]> {
      const rows = await db
        .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.isAdmin, true))
        .orderBy(asc(users.createdAt), asc(users.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        created_at: r.createdAt.toISOString(),
        current: r.id === currentId,
      }));
    },

    /** A new account with the admin flag; an e-mail already registered is a 422 on `email`. */
    async create(input: RegisterInput, actorId: number): Promise<AdminUser> {
      const row = await deps.accounts.register(input);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ isAdmin: true }).where(eq(users.id, row.id));
        await record(tx, {
          actorId,
          entity: "admin",
          entityId: row.id,
          action: "create",
          changes: changesOnCreate({ name: row.name, email: row.email, password: "set" }),
        });
      });
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        created_at: row.createdAt.toISOString(),
        current: false,
      };
    },

    async remove(id: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        // Locks every admin row: two admins removing each other at once cannot leave none.
        const admins = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.isAdmin, true))
          .for("update");
        const target = admins.find((a) => a.id === id);
        if (!target) throw notFound(ADMINS_MESSAGES.NOT_FOUND);
        const refusal = removalRefusal({ targetId: id, actorId, adminCount: admins.length });
        if (refusal) throw conflict(refusal);
        await tx
          .update(users)
          .set({ isAdmin: false, updatedAt: new Date() })
          .where(eq(users.id, id));
        await tx
          .update(tokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(tokens.userId, id), isNull(tokens.revokedAt)));
        await record(tx, {
          actorId,
          entity: "admin",
          entityId: id,
          action: "delete",
          changes: changesOnDelete({ name: target.name, email: target.email }),
        });
      });
    },
  };
}
export type AdminsService = ReturnType<typeof createAdminsService>;
