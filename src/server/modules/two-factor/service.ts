import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, min, or, sql, sum } from "drizzle-orm";
import {
  CHALLENGE_LIFETIME_MS,
  CHALLENGE_MAX_FAILURES,
  CODE_FAILURE_WINDOW_MS,
  CODE_FAILURES_PER_ACCOUNT,
  checkTotp,
  isTotpCode,
  TWO_FACTOR_MESSAGES as M,
  newTotpSecret,
  normaliseCode,
  otpauthUrl,
  RECOVERY_CODE_COUNT,
} from "../../../shared/domain/two-factor.ts";
import { AUTH_MESSAGES } from "../../../shared/schemas/auth.ts";
import type { ContentCache } from "../../cache/content-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { tokens, users } from "../../db/schema/accounts.ts";
import { settings } from "../../db/schema/settings.ts";
import {
  adminRecoveryCodes,
  adminSignInChallenges,
  adminTwoFactor,
} from "../../db/schema/two-factor.ts";
import { HttpError, unprocessable } from "../../http-errors.ts";
import { verifyPassword } from "../accounts/passwords.ts";
import { record } from "../audit/service.ts";

/** The name an authenticator app lists the account under. */
export const TOTP_ISSUER = "Golden Syrup Sweets";
/** The owner's "require two-factor sign-in for every admin": its own row in `settings`. */
export const POLICY_KEY = "two_factor";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Ten characters of an alphabet without look-alikes, shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
/** Stored and compared without its dash and case, as people type it. */
const recoveryHash = (code: string) => sha256(`recovery:${normaliseCode(code)}`);

const invalidCode = (message: string = M.CODE_INVALID) => unprocessable("code", message);
const invalidChallenge = () => unprocessable("challenge", M.CHALLENGE_INVALID);
const tooManyCodes = (waitMs: number) =>
  new HttpError(429, AUTH_MESSAGES.TOO_MANY_ATTEMPTS, undefined, {
    "retry-after": String(Math.ceil(waitMs / 1000)),
  });

export type TwoFactorStatus = {
  /** This admin signs in with a code. */
  enabled: boolean;
  /** The owner requires it of every admin. */
  required: boolean;
};

/**
 * Two-factor sign-in: set-up (a pending key until a code from it proves the app
 * has it), ten hashed recovery codes, turning it off (password and a code), the sign-in
 * challenge between the password and the code, and the owner's "required for everyone".
 * `now` is a parameter throughout so tests move the clock.
 */
export function createTwoFactorService(db: Db, deps: { cache: ContentCache }) {
  async function row(executor: Db | Tx, userId: number) {
    const [found] = await executor
      .select()
      .from(adminTwoFactor)
      .where(eq(adminTwoFactor.userId, userId));
    return found;
  }

  async function required(executor: Db | Tx = db): Promise<boolean> {
    const [found] = await executor
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, POLICY_KEY));
    return Boolean((found?.value as { required?: unknown } | undefined)?.required);
  }

  /**
   * A TOTP code of the admin's key or one of their unused recovery codes, spent in `tx`: the
   * step is written only if it is newer than the last used (two requests with one code: one
   * wins), a recovery code only if still unused. Throws 422 on `code`.
   */
  async function spendCode(tx: Tx, userId: number, code: string, now: Date): Promise<void> {
    const state = await row(tx, userId);
    if (!state?.secret) throw invalidCode();
    if (isTotpCode(code)) {
      const check = checkTotp({
        secret: state.secret,
        code,
        nowMs: now.getTime(),
        lastUsedStep: state.lastUsedStep,
      });
      if (!check.ok) throw invalidCode(check.reason === "used" ? M.CODE_USED : M.CODE_INVALID);
      const [won] = await tx
        .update(adminTwoFactor)
        .set({ lastUsedStep: check.step, updatedAt: now })
        .where(
          and(
            eq(adminTwoFactor.userId, userId),
            or(isNull(adminTwoFactor.lastUsedStep), lt(adminTwoFactor.lastUsedStep, check.step)),
          ),
        )
        .returning({ userId: adminTwoFactor.userId });
      if (!won) throw invalidCode(M.CODE_USED);
      return;
    }
    const [spent] = await tx
      .update(adminRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminRecoveryCodes.userId, userId),
          eq(adminRecoveryCodes.codeHash, recoveryHash(code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    if (!spent) throw invalidCode();
  }

  /**
   * How long the account's code step must wait, or null: wrong codes over its challenges of
   * the window (a challenge lives 5 minutes, so its failures are that recent), every address.
   */
  async function accountWait(executor: Tx, userId: number, now: Date): Promise<number | null> {
    const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
    const [counted] = await executor
      .select({
        failures: sum(adminSignInChallenges.failures).mapWith(Number),
        oldest: min(adminSignInChallenges.createdAt),
      })
      .from(adminSignInChallenges)
      .where(
        and(
          eq(adminSignInChallenges.userId, userId),
          gt(adminSignInChallenges.createdAt, since),
          gt(adminSignInChallenges.failures, 0),
        ),
      );
    if ((counted?.failures ?? 0) < CODE_FAILURES_PER_ACCOUNT || !counted?.oldest) return null;
    const oldest = new Date(counted.oldest).getTime();
    return Math.max(1000, oldest + CODE_FAILURE_WINDOW_MS - now.getTime());
  }

  /** Every open sign-in of the account ends: the next code needs the password first. */
  const endOpenChallenges = (executor: Tx, userId: number, now: Date) =>
    executor
      .update(adminSignInChallenges)
      .set({ usedAt: now })
      .where(and(eq(adminSignInChallenges.userId, userId), isNull(adminSignInChallenges.usedAt)));

  /** The audit line of turning it on or off: on the admin's own record, by the admin. */
  const audit = (tx: Tx, userId: number, on: boolean) =>
    record(tx, {
      actorId: userId,
      entity: "admin",
      entityId: userId,
      action: "update",
      changes: [{ field: "two_factor", before: on ? "off" : "on", after: on ? "on" : "off" }],
    });

  return {
    required: () => required(),

    /**
     * The same, read on every admin request (the gate): from the content cache, which any
     * write to `settings` invalidates (its content-version trigger), on every instance.
     */
    requiredCached: (): Promise<boolean> => deps.cache.get("two-factor:required", () => required()),

    async status(userId: number): Promise<TwoFactorStatus> {
      const [state, isRequired] = await Promise.all([row(db, userId), required()]);
      return { enabled: Boolean(state?.secret), required: isRequired };
    },

    /** Whether this admin's password must be followed by a code. */
    async isEnabled(userId: number): Promise<boolean> {
      return Boolean((await row(db, userId))?.secret);
    },

    /**
     * A new key, kept pending until `enable` sees a code from it; asking again replaces it
     * (a QR code scanned on a lost phone is worth nothing). 409 when it is already on.
     */
    async setup(
      user: { id: number; email: string },
      now = new Date(),
    ): Promise<{ otpauth_url: string; secret: string }> {
      if ((await row(db, user.id))?.secret) throw new HttpError(409, M.ALREADY_ON);
      const secret = newTotpSecret();
      await db
        .insert(adminTwoFactor)
        .values({ userId: user.id, pendingSecret: secret, updatedAt: now })
        .onConflictDoUpdate({
          target: adminTwoFactor.userId,
          set: { pendingSecret: secret, updatedAt: now },
        });
      return { otpauth_url: otpauthUrl(secret, user.email, TOTP_ISSUER), secret };
    },

    /**
     * A code from the pending key turns it on (that step counts as used) and makes ten new
     * recovery codes, returned once and stored hashed; audited in the same transaction.
     */
    async enable(userId: number, code: string, now = new Date()): Promise<string[]> {
      return db.transaction(async (tx) => {
        const [state] = await tx
          .select()
          .from(adminTwoFactor)
          .where(eq(adminTwoFactor.userId, userId))
          .for("update");
        if (state?.secret) throw new HttpError(409, M.ALREADY_ON);
        if (!state?.pendingSecret) throw invalidCode(M.SETUP_FIRST);
        const check = checkTotp({
          secret: state.pendingSecret,
          code,
          nowMs: now.getTime(),
          lastUsedStep: null,
        });
        if (!check.ok) throw invalidCode();
        await tx
          .update(adminTwoFactor)
          .set({
            secret: state.pendingSecret,
            pendingSecret: null,
            enabledAt: now,
            lastUsedStep: check.step,
            updatedAt: now,
          })
          .where(eq(adminTwoFactor.userId, userId));
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
        await tx
          .insert(adminRecoveryCodes)
          .values(codes.map((c) => ({ userId, codeHash: recoveryHash(c), createdAt: now })));
        // The account's shop sessions were given on the password alone: from now on the
        // shop's sign-in asks for the code too, so they end.
        await tx
          .update(tokens)
          .set({ revokedAt: now })
          .where(
            and(eq(tokens.userId, userId), eq(tokens.kind, "customer"), isNull(tokens.revokedAt)),
          );
        await audit(tx, userId, true);
        return codes;
      });
    },

    /** The password and a current code (or a recovery code) turn it off; audited. */
    async disable(
      userId: number,
      input: { password: string; code: string },
      now = new Date(),
    ): Promise<void> {
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!user || !(await verifyPassword(user.passwordHash, input.password)))
        throw unprocessable("password", M.PASSWORD_WRONG);
      await db.transaction(async (tx) => {
        const state = await row(tx, userId);
        if (!state?.secret) throw new HttpError(409, M.NOT_ON);
        await spendCode(tx, userId, input.code, now);
        await tx.delete(adminTwoFactor).where(eq(adminTwoFactor.userId, userId));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
        await tx.delete(adminSignInChallenges).where(eq(adminSignInChallenges.userId, userId));
        await audit(tx, userId, false);
      });
    },

    /** After the right password: a random challenge for the code step (sha256 stored). */
    async startChallenge(userId: number, now = new Date()): Promise<string> {
      const challenge = randomBytes(32).toString("base64url");
      await db.insert(adminSignInChallenges).values({
        userId,
        challengeHash: sha256(challenge),
        expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
        createdAt: now,
      });
      // Old ones of anyone are of no use: kept small without a job.
      await db
        .delete(adminSignInChallenges)
        .where(lt(adminSignInChallenges.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
      return challenge;
    },

    /**
     * The live challenge's account, or a 422 on `challenge` for an unknown, forged, expired,
     * used or exhausted one. The account may be a customer's sign-in of an admin (or of a
     * former admin who kept two-factor): the admin route checks `isAdmin` itself.
     */
    async challengeOwner(
      challenge: string,
      now = new Date(),
    ): Promise<{ challengeId: number; userId: number; email: string; isAdmin: boolean }> {
      const [found] = await db
        .select({
          challengeId: adminSignInChallenges.id,
          userId: adminSignInChallenges.userId,
          email: users.email,
          isAdmin: users.isAdmin,
        })
        .from(adminSignInChallenges)
        .innerJoin(users, eq(users.id, adminSignInChallenges.userId))
        .where(
          and(
            eq(adminSignInChallenges.challengeHash, sha256(challenge)),
            isNull(adminSignInChallenges.usedAt),
            gt(adminSignInChallenges.expiresAt, now),
            lt(adminSignInChallenges.failures, CHALLENGE_MAX_FAILURES),
          ),
        );
      if (!found) throw invalidChallenge();
      return found;
    },

    /**
     * The code step, one at a time per account (its user row is locked): a right code ends
     * the challenge (once: a second use is refused) and returns the account's id; a wrong one
     * counts against the challenge (ended after `CHALLENGE_MAX_FAILURES`) and the account.
     * With `CODE_FAILURES_PER_ACCOUNT` wrong codes in the window, from any address and over
     * any number of sign-ins, every open sign-in of the account ends and the answer is 429
     * until the window has passed: then the password again. Whatever the address: a code has
     * few enough values that only a per-account count keeps guessing it slow.
     */
    async completeChallenge(challengeId: number, code: string, now = new Date()): Promise<number> {
      const outcome = await db.transaction(async (tx) => {
        const live = and(
          eq(adminSignInChallenges.id, challengeId),
          isNull(adminSignInChallenges.usedAt),
          gt(adminSignInChallenges.expiresAt, now),
          lt(adminSignInChallenges.failures, CHALLENGE_MAX_FAILURES),
        );
        const [challenge] = await tx
          .select({ userId: adminSignInChallenges.userId })
          .from(adminSignInChallenges)
          .where(live);
        if (!challenge) return { refused: invalidChallenge() } as const;
        const { userId } = challenge;
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const wait = await accountWait(tx, userId, now);
        if (wait !== null) {
          await endOpenChallenges(tx, userId, now);
          return { refused: tooManyCodes(wait) } as const;
        }
        const [ended] = await tx
          .update(adminSignInChallenges)
          .set({ usedAt: now })
          .where(live)
          .returning({ userId: adminSignInChallenges.userId });
        if (!ended) return { refused: invalidChallenge() } as const;
        try {
          await spendCode(tx, userId, code, now);
          return { userId } as const;
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          // Still open (unless that was its last try), one failure more, in this transaction.
          await tx
            .update(adminSignInChallenges)
            .set({ usedAt: null, failures: sql`${adminSignInChallenges.failures} + 1` })
            .where(eq(adminSignInChallenges.id, challengeId));
          if ((await accountWait(tx, userId, now)) !== null)
            await endOpenChallenges(tx, userId, now);
          return { refused: error } as const;
        }
      });
      if ("refused" in outcome) throw outcome.refused;
      return outcome.userId;
    },

    /** The owner's switch; requiring it needs it on for the owner first. Audited. */
    async setRequired(actorId: number, next: boolean): Promise<boolean> {
      return db.transaction(async (tx) => {
        const before = await required(tx);
        if (next && !(await row(tx, actorId))?.secret)
          throw unprocessable("required", M.OWNER_FIRST);
        if (before === next) return next;
        const now = new Date();
        await tx
          .insert(settings)
          .values({ key: POLICY_KEY, value: { required: next }, updatedAt: now })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: { required: next }, updatedAt: now },
          });
        await record(tx, {
          actorId,
          entity: "settings",
          entityId: POLICY_KEY,
          action: "update",
          changes: [{ field: "two_factor_required", before, after: next }],
        });
        return next;
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
