import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import {
  codeFromBytes,
  GIFT_CARD_MESSAGES,
  giftCardShare,
  normaliseGiftCardCode,
} from "../../../shared/domain/gift-cards.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type GiftCardRow, giftCardEntries, giftCards } from "../../db/schema/gift-cards.ts";
import { HttpError, notFound, unprocessable } from "../../http-errors.ts";

const hashOf = (code: string) => createHash("sha256").update(`gift-card:${code}`).digest("hex");

/** The one refusal for a wrong, void or empty code: nothing tells them apart. */
export const giftCardRefusal = (field = "code") =>
  new HttpError(422, GIFT_CARD_MESSAGES.NOT_USABLE, { [field]: [GIFT_CARD_MESSAGES.NOT_USABLE] });

export type GiftCardDto = {
  id: number;
  last_four: string;
  initial: number;
  balance: number;
  status: "active" | "void";
  recipient_email: string | null;
  note: string | null;
  lang: "en" | "ar";
  created_at: string;
  voided_at: string | null;
};

export const giftCardDto = (row: GiftCardRow): GiftCardDto => ({
  id: Number(row.id),
  last_four: row.lastFour,
  initial: centsToDollars(row.initialCents),
  balance: centsToDollars(row.balanceCents),
  status: row.status,
  recipient_email: row.recipientEmail,
  note: row.note,
  lang: row.lang,
  created_at: row.createdAt.toISOString(),
  voided_at: row.voidedAt ? row.voidedAt.toISOString() : null,
});

/** An active card with money on it, by its typed code; null for anything else. */
export async function usableGiftCard(db: Db | Tx, typed: string): Promise<GiftCardRow | null> {
  const code = normaliseGiftCardCode(typed);
  // A malformed code is hashed and looked up too (it matches nothing: only well-formed codes
  // are stored), so it costs what a wrong one does and answers in the same time.
  const [row] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashOf(code ?? `malformed:${typed}`)));
  return code && row && row.status === "active" && row.balanceCents > 0 ? row : null;
}

/**
 * Spends a card on an order inside the order's transaction: one conditional update, so
 * however many orders spend one card at once, the balance never goes below zero (the losers
 * see less left, or nothing). Answers what the card paid (0 when it had nothing left).
 */
export async function spendGiftCard(
  tx: Tx,
  cardId: number,
  dueCents: number,
  orderId: number,
  actor: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ balanceCents: giftCards.balanceCents, status: giftCards.status })
    .from(giftCards)
    .where(eq(giftCards.id, cardId))
    .for("update");
  if (row?.status !== "active") return 0;
  const share = giftCardShare(row.balanceCents, dueCents);
  if (share === 0) return 0;
  const spent = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${share}` })
    .where(and(eq(giftCards.id, cardId), gte(giftCards.balanceCents, share)))
    .returning({ id: giftCards.id });
  if (spent.length !== 1) return 0;
  await tx.insert(giftCardEntries).values({
    giftCardId: cardId,
    kind: "spend",
    amountCents: -share,
    orderId,
    actor,
    createdAt: now,
  });
  return share;
}

/**
 * A refund or a cancellation of an order paid (partly) by a card: what the card paid and has
 * not had back yet goes back onto it. Counted from the card's ledger for that order, so a
 * refund followed by a cancellation (or the other way round) returns the share once.
 */
export async function refundGiftCard(
  tx: Tx,
  order: { id: number; giftCardId: number | null; giftCardCents: number },
  actor: string,
  now: Date,
): Promise<number> {
  if (order.giftCardId === null || order.giftCardCents <= 0) return 0;
  // The card's row lock first: two returns for one order take turns and the second sees the first.
  await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(eq(giftCards.id, order.giftCardId))
    .for("update");
  const [net] = await tx
    .select({ cents: sql<number>`coalesce(sum(${giftCardEntries.amountCents}), 0)::int` })
    .from(giftCardEntries)
    .where(
      and(
        eq(giftCardEntries.giftCardId, order.giftCardId),
        eq(giftCardEntries.orderId, order.id),
        inArray(giftCardEntries.kind, ["spend", "refund"]),
      ),
    );
  const owed = Math.min(order.giftCardCents, -Number(net?.cents ?? 0));
  if (owed <= 0) return 0;
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${owed}` })
    .where(eq(giftCards.id, order.giftCardId));
  await tx.insert(giftCardEntries).values({
    giftCardId: order.giftCardId,
    kind: "refund",
    amountCents: owed,
    orderId: order.id,
    actor,
    createdAt: now,
  });
  return owed;
}

export function createGiftCardService(db: Db) {
  return {
    /** `POST /api/gift-cards/balance`: the same refusal for every code that cannot pay. */
    async balance(typed: string): Promise<{ balance: number }> {
      const card = await usableGiftCard(db, typed);
      if (!card) throw giftCardRefusal();
      return { balance: centsToDollars(card.balanceCents) };
    },

    /**
     * The owner issues a card (goodwill). The code is answered once, here: only its hash is
     * kept, so nobody can read it back later.
     */
    async issue(
      input: {
        amountCents: number;
        recipientEmail: string | null;
        note: string | null;
        lang: "en" | "ar";
      },
      adminId: number | null,
      now = new Date(),
    ): Promise<{ card: GiftCardDto; code: string }> {
      const code = codeFromBytes(randomBytes(16));
      const row = await db.transaction(async (tx) => {
        const [card] = await tx
          .insert(giftCards)
          .values({
            codeHash: hashOf(code),
            lastFour: code.slice(-4),
            initialCents: input.amountCents,
            balanceCents: input.amountCents,
            recipientEmail: input.recipientEmail,
            note: input.note,
            lang: input.lang,
            issuedByAdminId: adminId,
            createdAt: now,
          })
          .returning();
        await tx.insert(giftCardEntries).values({
          giftCardId: card!.id,
          kind: "issue",
          amountCents: input.amountCents,
          actor: adminId === null ? "system" : `admin:${adminId}`,
          createdAt: now,
        });
        return card!;
      });
      return { card: giftCardDto(row), code };
    },

    /** The newest cards first, or those whose code ends in `lastFour`. */
    async list(lastFour: string | null): Promise<GiftCardDto[]> {
      const rows = await db
        .select()
        .from(giftCards)
        .where(lastFour ? eq(giftCards.lastFour, lastFour.toUpperCase()) : undefined)
        .orderBy(desc(giftCards.id))
        .limit(100);
      return rows.map(giftCardDto);
    },

    /** Voids a card: what is left is written off in the ledger and it pays nothing more. */
    async void(id: number, adminId: number | null, now = new Date()): Promise<GiftCardDto> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for("update");
        if (!row) throw notFound(GIFT_CARD_MESSAGES.NOT_FOUND);
        if (row.status === "void") throw unprocessable("id", GIFT_CARD_MESSAGES.ALREADY_VOID);
        const [voided] = await tx
          .update(giftCards)
          .set({ status: "void", balanceCents: 0, voidedAt: now })
          .where(eq(giftCards.id, id))
          .returning();
        await tx.insert(giftCardEntries).values({
          giftCardId: id,
          kind: "void",
          amountCents: -row.balanceCents,
          actor: adminId === null ? "system" : `admin:${adminId}`,
          createdAt: now,
        });
        return giftCardDto(voided!);
      });
    },

    /** A card and its ledger, oldest first (the back office's detail). */
    async get(id: number) {
      const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id));
      if (!card) throw notFound(GIFT_CARD_MESSAGES.NOT_FOUND);
      const rows = await db
        .select()
        .from(giftCardEntries)
        .where(eq(giftCardEntries.giftCardId, id))
        .orderBy(giftCardEntries.id);
      return {
        ...giftCardDto(card),
        entries: rows.map((row) => ({
          kind: row.kind,
          amount: centsToDollars(row.amountCents),
          order_id: row.orderId === null ? null : Number(row.orderId),
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type GiftCardService = ReturnType<typeof createGiftCardService>;
