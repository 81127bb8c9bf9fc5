import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import type { Language } from "../../../shared/domain/language.ts";
import {
  NEWSLETTER_MESSAGES,
  type NewsletterSubscribeInput,
} from "../../../shared/schemas/newsletter.ts";
import type { Db, Tx } from "../../db/client.ts";
import { campaignRecipients } from "../../db/schema/campaigns.ts";
import { newsletterSubscribers, newsletterTokens } from "../../db/schema/newsletter.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { unprocessable } from "../../http-errors.ts";
import type { Mail } from "../mail/templates.ts";
import { confirmSubscriptionMail, unsubscribeFooter } from "./mail.ts";

/** A confirmation link works this long (then the address stays pending until asked again). */
export const CONFIRM_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/**
 * At most this many confirmation e-mails a day per address: a lost e-mail can be asked for
 * again, but nobody can fill someone's inbox with them. Past it the answer is the same and
 * nothing is sent.
 */
export const CONFIRMATIONS_PER_DAY = 3;
/** Addresses given without SMTP older than this get no late confirmation e-mail. */
export const WAITING_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Outbox kinds of newsletter mail all start with this (the confirmation and any issue). */
export const NEWSLETTER_MAIL_PREFIX = "newsletter";
export const CONFIRM_MAIL_KIND = "newsletter_confirm";
/** What a sent newsletter e-mail's body becomes once its links are dead: links are not kept. */
const SCRUBBED = "(newsletter links removed)";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const invalidToken = () => unprocessable("token", NEWSLETTER_MESSAGES.TOKEN_INVALID);

type Executor = Db | Tx;
type Links = { baseUrl: string };

/** A page of the e-mail's language: Arabic pages live under /ar. */
const pageUrl = (baseUrl: string, lang: Language, path: string) =>
  `${baseUrl}${lang === "ar" ? "/ar" : ""}${path}`;

/** The page a person opens from the e-mail, and the address a mail client posts to (RFC 8058). */
export const unsubscribeLinks = (baseUrl: string, token: string, lang: Language) => ({
  page: pageUrl(baseUrl, lang, `/newsletter/unsubscribe?token=${token}`),
  oneClick: `${baseUrl}/api/newsletter/unsubscribe?token=${token}`,
});

/**
 * Queues one newsletter e-mail to a subscriber: it gets an unsubscribe link of its own (in the
 * body and in the List-Unsubscribe headers), so every newsletter-type e-mail has a way out.
 * `mail` is given the link to place; the footer is added here. Resolves with the outbox row and
 * the hash of its unsubscribe token (a campaign counts the unsubscribes through its own links).
 */
export async function queueNewsletterMail(
  db: Executor,
  to: { id: number; email: string; lang: Language },
  kind: string,
  mail: (unsubscribePage: string) => Mail,
  opts: Links & { now?: Date },
): Promise<{ outboxId: number; tokenHash: string }> {
  const [queued] = await queueNewsletterMails(db, [to], kind, (_to, page) => mail(page), opts);
  return queued!;
}

/**
 * `queueNewsletterMail` for many subscribers at once (a campaign's batch): the same e-mails,
 * each with its own unsubscribe token, written in one insert of tokens and one of outbox rows,
 * so a batch costs two round trips, not two per recipient. Answers in the order of `tos`.
 */
export async function queueNewsletterMails(
  db: Executor,
  tos: readonly { id: number; email: string; lang: Language }[],
  kind: string,
  mail: (to: { lang: Language }, unsubscribePage: string) => Mail,
  opts: Links & { now?: Date },
): Promise<{ outboxId: number; tokenHash: string }[]> {
  if (!tos.length) return [];
  const createdAt = opts.now ?? new Date();
  const outboxKind = kind.startsWith(NEWSLETTER_MAIL_PREFIX)
    ? kind
    : `${NEWSLETTER_MAIL_PREFIX}_${kind}`;
  const prepared = tos.map((to) => {
    const token = newToken();
    const links = unsubscribeLinks(opts.baseUrl, token, to.lang);
    const body = mail(to, links.page);
    const footer = unsubscribeFooter(to.lang, links.page);
    const withFooter = body.text.includes(links.page)
      ? body
      : {
          ...body,
          text: body.text + footer.text,
          html: body.html.replace("</body>", `${footer.html}</body>`),
        };
    return {
      tokenHash: hashToken(token),
      token: {
        subscriberId: to.id,
        purpose: "unsubscribe" as const,
        tokenHash: hashToken(token),
        createdAt,
      },
      outbox: {
        kind: outboxKind,
        to: to.email,
        ...withFooter,
        headers: {
          "List-Unsubscribe": `<${links.oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
    };
  });
  await db.insert(newsletterTokens).values(prepared.map((p) => p.token));
  const rows = await db
    .insert(mailOutbox)
    .values(prepared.map((p) => p.outbox))
    .returning({ id: mailOutbox.id });
  // PostgreSQL returns an INSERT's rows in the order of its VALUES; the ids are checked to be
  // one per recipient rather than trusted blindly.
  if (rows.length !== prepared.length) throw new Error("outbox insert returned a short batch");
  return prepared.map((p, i) => ({ outboxId: rows[i]!.id, tokenHash: p.tokenHash }));
}

/** Newsletter e-mails to `email` no longer carry live links in the outbox; unsent ones are dropped. */
async function forgetMails(tx: Executor, email: string, kinds: "confirm" | "all") {
  const kind =
    kinds === "confirm"
      ? eq(mailOutbox.kind, CONFIRM_MAIL_KIND)
      : like(mailOutbox.kind, `${NEWSLETTER_MAIL_PREFIX}%`);
  const address = eq(sql`lower(${mailOutbox.to})`, email.toLowerCase());
  await tx
    .delete(mailOutbox)
    .where(and(kind, address, isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  await tx
    .update(mailOutbox)
    .set({ text: SCRUBBED, html: SCRUBBED, headers: null })
    .where(and(kind, address, or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt))));
}

/** A new confirmation link for a pending address, and its e-mail (with its way out). */
async function queueConfirmation(
  tx: Executor,
  row: { id: number; email: string; lang: Language },
  mail: Links,
  now: Date,
): Promise<void> {
  const token = newToken();
  await tx.insert(newsletterTokens).values({
    subscriberId: row.id,
    purpose: "confirm",
    tokenHash: hashToken(token),
    createdAt: now,
  });
  const confirm = pageUrl(mail.baseUrl, row.lang, `/newsletter/confirm?token=${token}`);
  await queueNewsletterMail(
    tx,
    row,
    CONFIRM_MAIL_KIND,
    (unsubscribe) => confirmSubscriptionMail(row.lang, { confirm, unsubscribe }),
    { baseUrl: mail.baseUrl, now },
  );
}

export function createNewsletterService(db: Db) {
  /** The subscriber behind a live token of `purpose`, locked for the change; else the 422. */
  async function claim(tx: Tx, token: string, purpose: "confirm" | "unsubscribe", now: Date) {
    const live =
      purpose === "confirm"
        ? gt(newsletterTokens.createdAt, new Date(now.getTime() - CONFIRM_LIFETIME_MS))
        : undefined;
    const [found] = await tx
      .select({ subscriber: newsletterSubscribers })
      .from(newsletterTokens)
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterTokens.subscriberId))
      .where(
        and(
          eq(newsletterTokens.tokenHash, hashToken(token)),
          eq(newsletterTokens.purpose, purpose),
          live,
        ),
      )
      .for("update", { of: newsletterSubscribers });
    if (!found) throw invalidToken();
    return found.subscriber;
  }

  return {
    /**
     * Records the address as pending (once, any letter case) and, when `mail` is given (SMTP
     * set), queues the confirmation e-mail in `lang`, at most CONFIRMATIONS_PER_DAY a day. A
     * confirmed address gets nothing. The caller answers the same in every case.
     */
    async subscribe(
      input: NewsletterSubscribeInput,
      opts: { mail: Links | null; now?: Date },
    ): Promise<void> {
      const now = opts.now ?? new Date();
      const lang = input.lang ?? "en";
      await db.transaction(async (tx) => {
        await tx
          .insert(newsletterSubscribers)
          .values({ email: input.email, lang, createdAt: now })
          .onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(sql`lower(${newsletterSubscribers.email})`, input.email.toLowerCase()))
          .for("update");
        if (!row || row.confirmedAt) return;
        // The e-mail speaks the language of the page the address was last given on.
        if (row.lang !== lang)
          await tx
            .update(newsletterSubscribers)
            .set({ lang })
            .where(eq(newsletterSubscribers.id, row.id));
        if (!opts.mail) return;
        const [sent] = await tx
          .select({ n: count() })
          .from(newsletterTokens)
          .where(
            and(
              eq(newsletterTokens.subscriberId, row.id),
              eq(newsletterTokens.purpose, "confirm"),
              gt(newsletterTokens.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)),
            ),
          );
        if ((sent?.n ?? 0) >= CONFIRMATIONS_PER_DAY) return;
        await queueConfirmation(tx, { ...row, lang }, opts.mail, now);
      });
    },

    /**
     * Addresses given while the shop had no SMTP wait as pending with no e-mail sent; once SMTP
     * is set, each of them (given in the last 30 days) gets its one confirmation e-mail. Safe
     * to run on every start and on several instances: an address that already has a
     * confirmation link is left alone. Resolves with how many were queued.
     */
    async confirmWaiting(mail: Links, now = new Date()): Promise<number> {
      const waiting = await db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(
          and(
            isNull(newsletterSubscribers.confirmedAt),
            gt(newsletterSubscribers.createdAt, new Date(now.getTime() - WAITING_MAX_AGE_MS)),
            sql`not exists (select 1 from ${newsletterTokens} where ${newsletterTokens.subscriberId} = ${newsletterSubscribers.id})`,
          ),
        )
        .limit(1000);
      let queued = 0;
      for (const { id } of waiting) {
        queued += await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(newsletterSubscribers)
            .where(eq(newsletterSubscribers.id, id))
            .for("update");
          const [token] = await tx
            .select({ id: newsletterTokens.id })
            .from(newsletterTokens)
            .where(eq(newsletterTokens.subscriberId, id))
            .limit(1);
          if (!row || row.confirmedAt || token) return 0;
          await queueConfirmation(tx, row, mail, now);
          return 1;
        });
      }
      return queued;
    },

    /** The confirmation link: the address becomes a subscriber. Used, expired or forged: 422. */
    async confirm(token: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const subscriber = await claim(tx, token, "confirm", now);
        await tx
          .update(newsletterSubscribers)
          .set({ confirmedAt: subscriber.confirmedAt ?? now })
          .where(eq(newsletterSubscribers.id, subscriber.id));
        // Every confirmation link of the address is used up with this one.
        await tx
          .delete(newsletterTokens)
          .where(
            and(
              eq(newsletterTokens.subscriberId, subscriber.id),
              eq(newsletterTokens.purpose, "confirm"),
            ),
          );
        await forgetMails(tx, subscriber.email, "confirm");
      });
    },

    /**
     * An unsubscribe link (from the page or a mail client's one-click POST): the address and
     * its links are gone, pending or confirmed. A second use finds nothing: 422.
     */
    async unsubscribe(token: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const subscriber = await claim(tx, token, "unsubscribe", now);
        // A campaign counts the unsubscribes made through its own e-mails' links.
        await tx
          .update(campaignRecipients)
          .set({ unsubscribedAt: now })
          .where(eq(campaignRecipients.unsubscribeTokenHash, hashToken(token)));
        await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, subscriber.id));
        await forgetMails(tx, subscriber.email, "all");
      });
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
