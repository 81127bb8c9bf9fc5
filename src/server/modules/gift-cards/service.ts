import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { issuedCardAfterRefund } from "../../../shared/domain/gift-card-refund.ts";
import {
  codeFromBytes,
  DEFAULT_GIFT_CARD_OFFER,
  GIFT_CARD_MESSAGES,
  type GiftCardOffer,
  giftCardShare,
  normaliseGiftCardCode,
} from "../../../shared/domain/gift-cards.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { shopPath } from "../../../shared/domain/paths.ts";
import type {
  GiftCardOfferDto,
  GiftCardPurchase,
  GiftCardPurchaseDto,
} from "../../../shared/schemas/gift-cards.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  type GiftCardRow,
  giftCardEntries,
  giftCardOffer,
  giftCardPurchases,
  giftCards,
} from "../../db/schema/gift-cards.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { HttpError, notFound, unprocessable } from "../../http-errors.ts";
import { changesBetween, record } from "../audit/service.ts";
import { giftCardMail } from "./mail.ts";

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
  order_id: number | null;
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
  order_id: row.orderId === null ? null : Number(row.orderId),
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

/**
 * An order that bought gift cards is refunded in full or cancelled: the cards it bought and
 * that were already issued are taken back by the refund rule (the whole price counts as
 * refunded, so each is voided, a partly spent one for its rest). Cards not yet issued need
 * nothing: the issuing job only issues the cards of a paid, standing order. Answers how many
 * cards were voided. Partial refunds leave the cards alone; the owner voids one by hand.
 */
export async function takeBackBoughtCards(
  tx: Tx,
  orderId: number,
  actor: string,
  now: Date,
): Promise<number> {
  const cards = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.status, "active")))
    .orderBy(giftCards.id)
    .for("update");
  let voided = 0;
  for (const card of cards) {
    const after = issuedCardAfterRefund({
      issuedCents: card.initialCents,
      balanceCents: card.balanceCents,
      refundedCents: card.initialCents,
    });
    if (after.action === "keep") continue;
    const taken = card.balanceCents - after.balanceCents;
    await tx
      .update(giftCards)
      .set(
        after.action === "void"
          ? { status: "void", balanceCents: 0, voidedAt: now }
          : { balanceCents: after.balanceCents },
      )
      .where(eq(giftCards.id, card.id));
    await tx.insert(giftCardEntries).values({
      giftCardId: card.id,
      kind: after.action === "void" ? "void" : "refund",
      amountCents: -taken,
      orderId,
      actor,
      createdAt: now,
    });
    if (after.action === "void") voided += 1;
  }
  return voided;
}

/** The gift card product's offer: the owner's row, or the shop's default until there is one. */
export async function readGiftCardOffer(db: Db | Tx): Promise<GiftCardOffer> {
  const [row] = await db.select().from(giftCardOffer).where(eq(giftCardOffer.id, 1));
  if (!row) return DEFAULT_GIFT_CARD_OFFER;
  return {
    enabled: row.enabled,
    amountsCents: row.amountsCents,
    customMinCents: row.customMinCents,
    customMaxCents: row.customMaxCents,
  };
}

const offerDto = (offer: GiftCardOffer): GiftCardOfferDto => ({
  enabled: offer.enabled,
  amounts: offer.amountsCents.map(centsToDollars),
  custom_min: offer.customMinCents === null ? null : centsToDollars(offer.customMinCents),
  custom_max: offer.customMaxCents === null ? null : centsToDollars(offer.customMaxCents),
});

/** Writes an order's bought cards, waiting: in the order's transaction, no code yet. */
export async function recordGiftCardPurchases(
  tx: Tx,
  orderId: number,
  buying: readonly GiftCardPurchase[],
  now: Date,
): Promise<void> {
  if (buying.length === 0) return;
  await tx.insert(giftCardPurchases).values(
    buying.map((card) => ({
      orderId,
      amountCents: card.amount,
      recipientName: card.recipient_name,
      recipientEmail: card.recipient_email,
      message: card.message,
      sendOn: card.send_on,
      lang: card.lang,
      createdAt: now,
    })),
  );
}

/** The cards orders bought, by order id, as the order pages show them (never a code). */
export async function giftCardPurchasesOf(
  db: Db | Tx,
  orderIds: readonly number[],
): Promise<Map<number, GiftCardPurchaseDto[]>> {
  const byOrder = new Map<number, GiftCardPurchaseDto[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ purchase: giftCardPurchases, lastFour: giftCards.lastFour })
    .from(giftCardPurchases)
    .leftJoin(giftCards, eq(giftCards.id, giftCardPurchases.giftCardId))
    .where(inArray(giftCardPurchases.orderId, [...orderIds]))
    .orderBy(giftCardPurchases.id);
  for (const { purchase: p, lastFour } of rows) {
    const list = byOrder.get(Number(p.orderId)) ?? [];
    list.push({
      amount: centsToDollars(p.amountCents),
      recipient_name: p.recipientName,
      recipient_email: p.recipientEmail,
      message: p.message,
      send_on: p.sendOn,
      lang: p.lang,
      issued_at: p.issuedAt ? p.issuedAt.toISOString() : null,
      gift_card_id: p.giftCardId === null ? null : Number(p.giftCardId),
      last_four: lastFour ?? null,
    });
    byOrder.set(Number(p.orderId), list);
  }
  return byOrder;
}

/** How many bought cards one pass of the job issues. */
const ISSUE_BATCH = 20;

/**
 * One pass of the job that issues bought cards: those whose order is paid in full and not
 * cancelled and whose send day has come. In ONE transaction per pass, the rows are locked
 * `FOR UPDATE SKIP LOCKED` (another instance's pass skips them and finds them issued after
 * this commit), each card is created with only its code's hash, its ledger entry and the
 * recipient's e-mail are written and the row is marked issued: the code goes out exactly
 * once, or not at all if anything fails. Answers how many cards were issued.
 */
export async function issueDueGiftCards(
  db: Db,
  now: Date,
  opts: { baseUrl: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const today = businessDate(now);
    const due = await tx
      .select({ purchase: giftCardPurchases, buyer: orders.name })
      .from(giftCardPurchases)
      .innerJoin(orders, eq(orders.id, giftCardPurchases.orderId))
      .where(
        and(
          isNull(giftCardPurchases.issuedAt),
          lte(giftCardPurchases.sendOn, today),
          eq(orders.paymentStatus, "paid"),
          ne(orders.status, "canceled"),
        ),
      )
      .orderBy(giftCardPurchases.id)
      .limit(ISSUE_BATCH)
      .for("update", { of: giftCardPurchases, skipLocked: true });
    for (const { purchase, buyer } of due) {
      const code = codeFromBytes(randomBytes(16));
      const [card] = await tx
        .insert(giftCards)
        .values({
          codeHash: hashOf(code),
          lastFour: code.slice(-4),
          initialCents: purchase.amountCents,
          balanceCents: purchase.amountCents,
          recipientEmail: purchase.recipientEmail,
          note: purchase.recipientName,
          lang: purchase.lang,
          orderId: purchase.orderId,
          createdAt: now,
        })
        .returning({ id: giftCards.id });
      await tx.insert(giftCardEntries).values({
        giftCardId: card!.id,
        kind: "issue",
        amountCents: purchase.amountCents,
        orderId: purchase.orderId,
        actor: "system:gift-card-product",
        createdAt: now,
      });
      const mail = giftCardMail(
        purchase.lang,
        {
          code,
          amountCents: purchase.amountCents,
          from: buyer,
          to: purchase.recipientName,
          message: purchase.message,
        },
        { shop: `${opts.baseUrl}${localizePath(purchase.lang, shopPath())}` },
      );
      await tx
        .insert(mailOutbox)
        .values({ kind: "gift_card", to: purchase.recipientEmail, ...mail });
      await tx
        .update(giftCardPurchases)
        .set({ giftCardId: card!.id, issuedAt: now })
        .where(eq(giftCardPurchases.id, purchase.id));
    }
    return due.length;
  });
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

    /** One pass of the bought cards' job (`issueDueGiftCards`). */
    issueDue(now: Date, opts: { baseUrl: string }): Promise<number> {
      return issueDueGiftCards(db, now, opts);
    },

    /** The gift card product's offer, in dollars (the storefront and the back office). */
    async offer(): Promise<GiftCardOfferDto> {
      return offerDto(await readGiftCardOffer(db));
    },

    /** The owner sets the gift card product's amounts and custom limits. */
    async setOffer(
      offer: GiftCardOffer,
      adminId: number | null,
      now = new Date(),
    ): Promise<GiftCardOfferDto> {
      const amountsCents = [...new Set(offer.amountsCents)].sort((a, b) => a - b);
      const values = { ...offer, amountsCents, updatedAt: now };
      return db.transaction(async (tx) => {
        const before = offerDto(await readGiftCardOffer(tx));
        await tx
          .insert(giftCardOffer)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: giftCardOffer.id, set: values });
        const after = offerDto(values);
        const changes = changesBetween(before, after);
        if (adminId !== null && changes.length > 0)
          await record(tx, {
            actorId: adminId,
            entity: "gift_card_offer",
            entityId: 1,
            action: "update",
            changes,
          });
        return after;
      });
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
