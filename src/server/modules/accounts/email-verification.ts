import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, min, or, sql } from "drizzle-orm";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../shared/domain/account-privacy.ts";
import type { Language } from "../../../shared/domain/language.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import type { Db, Tx } from "../../db/client.ts";
import { emailVerifications, users } from "../../db/schema/accounts.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { HttpError, unprocessable } from "../../http-errors.ts";
import { emailVerificationMail } from "../mail/account-templates.ts";

/** A verification link works for a day (long enough for a mailbox checked once a day). */
export const VERIFICATION_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * At most this many links an hour per account, registration's and e-mail changes' included:
 * enough for a lost e-mail or two, not a way to fill someone's inbox. "Send again" past it is
 * a 429 (the customer is signed in and asked themselves, so saying so tells nobody anything).
 */
export const VERIFICATIONS_PER_HOUR = 3;

export const VERIFICATION_MAIL_KIND = "email_verification";
/** What a sent verification e-mail's body becomes once its link is dead: the link is not kept. */
const SCRUBBED = "(e-mail verification link removed)";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const invalidToken = () => unprocessable("token", EMAIL_VERIFICATION_MESSAGES.TOKEN_INVALID);

export type VerificationMailOptions = { lang: Language; baseUrl: string; now?: Date };

type Executor = Db | Tx;

/** Sent verification e-mails to this address keep no live link in the outbox. */
const scrubSent = (executor: Executor, email: string) =>
  executor
    .update(mailOutbox)
    .set({ text: SCRUBBED, html: SCRUBBED })
    .where(
      and(
        eq(mailOutbox.kind, VERIFICATION_MAIL_KIND),
        eq(mailOutbox.to, email),
        or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt)),
      ),
    );

/** Verification e-mails not sent yet are dead links: they are not sent at all. */
const dropUnsent = (executor: Executor, email: string) =>
  executor
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, VERIFICATION_MAIL_KIND),
        eq(mailOutbox.to, email),
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
      ),
    );

/**
 * Queues a verification link for the account's current address, inside the caller's
 * transaction (registration, an e-mail change): the link exists exactly when the write holds.
 */
export async function queueVerification(
  tx: Executor,
  user: { id: number; name: string; email: string },
  opts: VerificationMailOptions,
): Promise<void> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await tx.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
    createdAt: now,
  });
  // The page in the e-mail's language: Arabic under /ar, whatever the cookie says.
  const link = `${opts.baseUrl}${localizePath(opts.lang, "/verify-email")}?token=${token}`;
  await tx.insert(mailOutbox).values({
    kind: VERIFICATION_MAIL_KIND,
    to: user.email,
    ...emailVerificationMail(opts.lang, user.name, link),
  });
}

/**
 * An e-mail change: the new address is not verified, and the old address's links (sent or
 * not) verify nothing any more.
 */
export async function forgetVerification(
  tx: Executor,
  userId: number,
  oldEmail: string,
  now = new Date(),
): Promise<void> {
  await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  await dropUnsent(tx, oldEmail);
  await scrubSent(tx, oldEmail);
}

export function createEmailVerificationService(db: Db) {
  return {
    /**
     * "Send again" from the account page: 409 when already verified, 429 past the hourly cap
     * (with Retry-After: when the oldest link of the hour leaves the window).
     */
    async resend(userId: number, opts: VerificationMailOptions): Promise<void> {
      const now = opts.now ?? new Date();
      await db.transaction(async (tx) => {
        // One request at a time per account, so the cap holds under a burst.
        const [user] = await tx
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            verifiedAt: users.emailVerifiedAt,
          })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!user) throw new HttpError(401, "Unauthenticated.");
        if (user.verifiedAt) throw new HttpError(409, EMAIL_VERIFICATION_MESSAGES.ALREADY);
        const hourAgo = new Date(now.getTime() - 60 * 60_000);
        const [recent] = await tx
          .select({ n: count(), oldest: min(emailVerifications.createdAt) })
          .from(emailVerifications)
          .where(
            and(eq(emailVerifications.userId, userId), gt(emailVerifications.createdAt, hourAgo)),
          );
        if ((recent?.n ?? 0) >= VERIFICATIONS_PER_HOUR) {
          const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
          const wait = Math.max(1, Math.ceil((oldest + 60 * 60_000 - now.getTime()) / 1000));
          throw new HttpError(429, EMAIL_VERIFICATION_MESSAGES.TOO_MANY, undefined, {
            "retry-after": String(wait),
          });
        }
        await queueVerification(tx, user, { ...opts, now });
      });
    },

    /**
     * Marks the address verified from a valid link: the link was sent to the account's current
     * address, is unused and unexpired. Every link of the account is used up with it. Forged,
     * used, expired or for an address the account no longer has: 422.
     */
    async verify(token: string, now = new Date()): Promise<void> {
      const tokenHash = hashToken(token);
      await db.transaction(async (tx) => {
        // Claimed atomically: of two uses of one link, one wins and the other gets the 422.
        const [claimed] = await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerifications.tokenHash, tokenHash),
              isNull(emailVerifications.usedAt),
              gt(emailVerifications.expiresAt, now),
            ),
          )
          .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
        if (!claimed) throw invalidToken();
        const [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(
            and(
              eq(users.id, claimed.userId),
              eq(sql`lower(${users.email})`, claimed.email.toLowerCase()),
            ),
          )
          .returning({ email: users.email });
        if (!user) throw invalidToken();
        await tx
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(
            and(eq(emailVerifications.userId, claimed.userId), isNull(emailVerifications.usedAt)),
          );
        await dropUnsent(tx, user.email);
        await scrubSent(tx, user.email);
      });
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
