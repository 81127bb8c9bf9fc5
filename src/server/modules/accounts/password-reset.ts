import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Language } from "../../../shared/domain/language.ts";
import { PASSWORD_RESET_MESSAGES, type ResetPasswordInput } from "../../../shared/schemas/auth.ts";
import type { Db, Tx } from "../../db/client.ts";
import { passwordResets, users } from "../../db/schema/accounts.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { adminSignInChallenges } from "../../db/schema/two-factor.ts";
import { unprocessable } from "../../http-errors.ts";
import { passwordResetMail } from "../mail/account-templates.ts";
import { hashPassword } from "./passwords.ts";
import type { TokenService } from "./tokens.ts";

/** A reset link works for an hour. */
export const RESET_LIFETIME_MS = 60 * 60_000;
/**
 * At most this many links an hour per account: enough for a lost e-mail or two, not a way to
 * fill someone's inbox. Past it the answer is the same 202 and nothing is sent (the links
 * already sent still work).
 */
export const RESETS_PER_HOUR = 3;

export const MAIL_KIND = "password_reset";
/** What a sent reset e-mail's body becomes once its link is dead: the link is not kept. */
const SCRUBBED = "(password reset link removed)";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const invalidToken = () => unprocessable("token", PASSWORD_RESET_MESSAGES.TOKEN_INVALID);

/** Sent reset e-mails of this address keep no live link in the outbox (only hashes are kept). */
const scrubSent = (executor: Db | Tx, email: string) =>
  executor
    .update(mailOutbox)
    .set({ text: SCRUBBED, html: SCRUBBED })
    .where(
      and(
        eq(mailOutbox.kind, MAIL_KIND),
        eq(mailOutbox.to, email),
        or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt)),
      ),
    );

/**
 * Every reset link of the account is used up, and the outbox keeps none of them: unsent
 * reset e-mails to `email` are not sent, sent ones are blanked. After a reset, and when the
 * e-mail changes: a link sent to the old address must not set the password of an account
 * that address no longer names.
 */
export async function endResetLinks(
  executor: Db | Tx,
  userId: number,
  email: string,
  now: Date,
): Promise<void> {
  await executor
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await executor
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, MAIL_KIND),
        eq(mailOutbox.to, email),
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
      ),
    );
  await scrubSent(executor, email);
}

export function createPasswordResetService(db: Db, deps: { tokens: TokenService }) {
  return {
    /**
     * Queues a reset e-mail when `email` has an account. The same work either way up to the
     * writes (a token drawn and hashed, the e-mail rendered); the route pads the answer to a
     * fixed time, so neither the answer nor its time tells whether the address has an account.
     */
    async request(
      email: string,
      opts: { lang: Language; baseUrl: string; now?: Date },
    ): Promise<void> {
      const now = opts.now ?? new Date();
      const token = randomBytes(32).toString("base64url");
      const tokenHash = hashToken(token);
      const link = `${opts.baseUrl}/reset-password?token=${token}`;
      const [user] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      const mail = passwordResetMail(opts.lang, user?.name ?? "", link);
      if (!user) return;
      await db.transaction(async (tx) => {
        // One request at a time per account, so the hourly cap holds under a burst.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
        const [recent] = await tx
          .select({ n: count() })
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.userId, user.id),
              gt(passwordResets.createdAt, new Date(now.getTime() - 60 * 60_000)),
            ),
          );
        if ((recent?.n ?? 0) >= RESETS_PER_HOUR) return;
        await scrubSent(tx, user.email);
        await tx.insert(passwordResets).values({
          userId: user.id,
          tokenHash,
          expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
          createdAt: now,
        });
        await tx.insert(mailOutbox).values({ kind: MAIL_KIND, to: user.email, ...mail });
      });
    },

    /**
     * Sets the new password from a valid link: the link is used up (as is every other link of
     * the account), and every session of the account ends. Forged, used or expired: 422.
     */
    async reset(input: ResetPasswordInput, now = new Date()): Promise<void> {
      const tokenHash = hashToken(input.token);
      const live = and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      );
      // Checked before hashing, so a forged token costs no argon2 work.
      const [found] = await db.select({ id: passwordResets.id }).from(passwordResets).where(live);
      if (!found) throw invalidToken();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // Claimed atomically: of two uses of one link, one wins and the other gets the 422.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(live)
          .returning({ userId: passwordResets.userId });
        if (!claimed) throw invalidToken();
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, claimed.userId))
          .returning({ email: users.email });
        await deps.tokens.revokeAll(claimed.userId, now, tx);
        if (user) await endResetLinks(tx, claimed.userId, user.email, now);
        // A new password: the code step starts afresh (wrong codes typed after the old one,
        // perhaps by whoever had it, no longer hold the account's code step shut).
        await tx
          .delete(adminSignInChallenges)
          .where(eq(adminSignInChallenges.userId, claimed.userId));
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
