import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * An admin's two-factor sign-in. `secret` is the TOTP key in use (NULL = off);
 * `pending_secret` the one shown by the last set-up, until a code from it turns it on.
 * `last_used_step` is the TOTP step of the last accepted code: that code, and any older one,
 * never works again. The key cannot be hashed (the server must compute codes from it).
 */
export const adminTwoFactor = pgTable("admin_two_factor", {
  userId: bigint({ mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text(),
  pendingSecret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  lastUsedStep: bigint({ mode: "number" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Ten one-time codes per admin, as sha256 only; `used_at` set once one is spent. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: bigint({ mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The step between the password and the code: a random value (sha256 stored) tied to the
 * admin, valid a few minutes, used once, and ended after too many wrong codes.
 */
export const adminSignInChallenges = pgTable(
  "admin_sign_in_challenges",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: bigint({ mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challengeHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    failures: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_sign_in_challenges_user_idx").on(t.userId)],
);
