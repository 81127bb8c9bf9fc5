import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { AccountUpdate, PasswordChangeInput } from "../../../shared/schemas/account.ts";
import { AUTH_MESSAGES, type RegisterInput, type UserDto } from "../../../shared/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { adminSignInChallenges } from "../../db/schema/two-factor.ts";
import { unprocessable } from "../../http-errors.ts";
import { emailChangedMail } from "../mail/account-templates.ts";
import {
  forgetVerification,
  queueVerification,
  type VerificationMailOptions,
} from "./email-verification.ts";
import { endResetLinks } from "./password-reset.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { TokenService } from "./tokens.ts";

type UserRow = typeof users.$inferSelect;

export const EMAIL_CHANGED_MAIL_KIND = "email_changed";

export function toUserDto(row: UserRow): UserDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: row.isAdmin ? 1 : 0,
    username: row.username,
    company: row.company,
    phone: row.phone,
    country: row.country,
    location: row.location,
    email_verified: row.emailVerifiedAt !== null,
  };
}

/** PostgreSQL's unique_violation: two registrations with one e-mail raced past the check. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === "object") {
    if ((current as { code?: string }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

export function createAccountService(db: Db, tokens: TokenService) {
  // Unknown e-mails still pay for one argon2 verify, so response time does not reveal
  // which addresses have accounts.
  let decoyHash: Promise<string> | null = null;
  const decoy = () => {
    decoyHash ??= hashPassword("decoy-password-never-matches");
    return decoyHash;
  };

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sameEmail(email));
    return row;
  }

  async function assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(sameEmail(email), ne(users.id, exceptUserId)) : sameEmail(email));
    if (taken) throw unprocessable("email", AUTH_MESSAGES.EMAIL_TAKEN);
  }

  return {
    /**
     * A new account. With `verification` (the storefront's registration) a link to prove the
     * address is queued in the same transaction; an admin adding an admin sends none.
     */
    async register(input: RegisterInput, verification?: VerificationMailOptions): Promise<UserRow> {
      await assertEmailFree(input.email);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, passwordHash })
            .returning();
          if (verification) await queueVerification(tx, row!, verification);
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable("email", AUTH_MESSAGES.EMAIL_TAKEN);
        throw error;
      }
    },

    /** The user whose e-mail (any case) and password match, else null: one answer for both. */
    async authenticate(email: string, password: string): Promise<UserRow | null> {
      const row = await findByEmail(email);
      if (!row) {
        await verifyPassword(await decoy(), password);
        return null;
      }
      return (await verifyPassword(row.passwordHash, password)) ? row : null;
    },

    /**
     * A Google identity with a verified e-mail: that account, or a new one (verified: Google
     * vouched for the address). An existing account is handed over only when its own address
     * was verified: else whoever registered someone else's address first would get
     * that person's Google sign-in; `null` then, and the caller refuses. A new account gets a
     * random password nobody knows; the customer can sign in with Google (or reset one later).
     */
    async signInWithGoogle(identity: { email: string; name: string }): Promise<UserRow | null> {
      const existing = await findByEmail(identity.email);
      if (existing) return existing.emailVerifiedAt ? existing : null;
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      const [row] = await db
        .insert(users)
        .values({
          name: identity.name.slice(0, 120),
          email: identity.email,
          passwordHash,
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      // Registered by someone else at the same moment: the same rule as above.
      const raced = await findByEmail(identity.email);
      return raced?.emailVerifiedAt ? raced : null;
    },

    async get(userId: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    /**
     * Saves the account. A new address (not just another case of the same one) needs the
     * current password (422 on `current_password`): a session alone (a borrowed phone, a
     * stolen token) must not move the account to another mailbox, where a reset link would
     * then take it over. The new address is not verified: the old address's verification
     * and reset links die, a verification link goes to the new one and a notice to the old one
     * (with `mail`: the shop sends e-mail), all in the same transaction.
     */
    async update(
      userId: number,
      input: AccountUpdate,
      opts: { verification?: VerificationMailOptions } = {},
    ): Promise<UserRow> {
      const { current_password: currentPassword, ...fields } = input;
      const [current] = await db.select().from(users).where(eq(users.id, userId));
      const changing =
        current !== undefined && current.email.toLowerCase() !== fields.email.toLowerCase();
      if (changing) {
        if (!currentPassword)
          throw unprocessable("current_password", AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED);
        if (!(await verifyPassword(current.passwordHash, currentPassword)))
          throw unprocessable("current_password", AUTH_MESSAGES.CURRENT_PASSWORD_WRONG);
      }
      await assertEmailFree(fields.email, userId);
      const verification = opts.verification;
      const now = verification?.now ?? new Date();
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ email: users.email, name: users.name })
            .from(users)
            .where(eq(users.id, userId))
            .for("update");
          const changed =
            before !== undefined && before.email.toLowerCase() !== fields.email.toLowerCase();
          // Changed since the password was checked: checked against that address, not this one.
          if (changed && !changing)
            throw unprocessable("current_password", AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED);
          const [row] = await tx
            .update(users)
            .set({ ...fields, updatedAt: now, ...(changed ? { emailVerifiedAt: null } : {}) })
            .where(eq(users.id, userId))
            .returning();
          if (changed) {
            await forgetVerification(tx, userId, before.email, now);
            await endResetLinks(tx, userId, before.email, now);
            if (verification) {
              await queueVerification(tx, row!, { ...verification, now });
              // In the language of the page used, like the verification link.
              const notice = emailChangedMail(verification.lang, before.name, row!.email);
              await tx
                .insert(mailOutbox)
                .values({ kind: EMAIL_CHANGED_MAIL_KIND, to: before.email, ...notice });
            }
          }
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable("email", AUTH_MESSAGES.EMAIL_TAKEN);
        throw error;
      }
    },

    /** Checks the current password, stores the new one, and ends every other session. */
    async changePassword(
      userId: number,
      currentTokenId: number,
      input: PasswordChangeInput,
    ): Promise<void> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!row || !(await verifyPassword(row.passwordHash, input.current_password)))
        throw unprocessable("current_password", AUTH_MESSAGES.CURRENT_PASSWORD_WRONG);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await tokens.revokeOthers(userId, currentTokenId, new Date(), tx);
        // A new password: the code step starts afresh (wrong codes typed after the old one,
        // perhaps by whoever had it, no longer hold the account's code step shut).
        await tx.delete(adminSignInChallenges).where(eq(adminSignInChallenges.userId, userId));
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
