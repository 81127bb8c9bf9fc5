import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tokens, users } from "../../db/schema/accounts.ts";

export type TokenKind = "customer" | "admin";

/** Customers stay signed in for a month; an admin session is a working day. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  customer: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
};

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
};
export type Session = { tokenId: number; kind: TokenKind; user: AuthUser };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createTokenService(db: Db) {
  return {
    /** 256 random bits; only the hash is stored, so a leaked table grants nothing. */
    async issue(
      userId: number,
      kind: TokenKind,
      now = new Date(),
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]);
      await db.insert(tokens).values({ userId, tokenHash: hashToken(token), kind, expiresAt });
      return { token, expiresAt };
    },

    async verify(token: string, now = new Date()): Promise<Session | null> {
      const [row] = await db
        .select({
          tokenId: tokens.id,
          kind: tokens.kind,
          id: users.id,
          name: users.name,
          email: users.email,
          isAdmin: users.isAdmin,
        })
        .from(tokens)
        .innerJoin(users, eq(users.id, tokens.userId))
        .where(
          and(
            eq(tokens.tokenHash, hashToken(token)),
            isNull(tokens.revokedAt),
            gt(tokens.expiresAt, now),
          ),
        );
      if (!row) return null;
      await db.update(tokens).set({ lastUsedAt: now }).where(eq(tokens.id, row.tokenId));
      const { tokenId, kind, ...user } = row;
      return { tokenId, kind, user };
    },

    async revoke(tokenId: number, now = new Date()): Promise<void> {
      await db.update(tokens).set({ revokedAt: now }).where(eq(tokens.id, tokenId));
    },

    /** A password reset ends every session of the user: nobody keeps one. */
    async revokeAll(userId: number, now = new Date(), executor: Db = db): Promise<void> {
      await executor
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
    },

    /** On password change every other session of the user ends. */
    async revokeOthers(
      userId: number,
      keepTokenId: number,
      now = new Date(),
      executor: Db = db,
    ): Promise<void> {
      await executor
        .update(tokens)
        .set({ revokedAt: now })
        .where(
          and(eq(tokens.userId, userId), ne(tokens.id, keepTokenId), isNull(tokens.revokedAt)),
        );
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
