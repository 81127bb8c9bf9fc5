import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  type CampaignBlock,
  campaignAllowance,
  CAMPAIGN_MESSAGES as M,
} from "../../../shared/domain/campaigns.ts";
import type { Language } from "../../../shared/domain/language.ts";
import type {
  CampaignDto,
  CampaignInput,
  CampaignPreview,
} from "../../../shared/schemas/campaigns.ts";
import type { Db, Tx } from "../../db/client.ts";
import { campaignRecipients, campaigns } from "../../db/schema/campaigns.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { HttpError, unprocessable } from "../../http-errors.ts";
import type { Mail } from "../mail/templates.ts";
import { type CampaignProduct, campaignMail } from "./campaign-mail.ts";
import { unsubscribeFooter } from "./mail.ts";
import { queueNewsletterMails } from "./service.ts";

/** At most this many recipients are handed to the outbox in one pass of one campaign. */
export const CAMPAIGN_BATCH = 500;
/** The pace is counted over this window (the rate is per minute). */
const RATE_WINDOW_MS = 60_000;

type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignDeps = {
  /** The product cards of a campaign's product blocks (products no longer on sale are missing). */
  products: (ids: number[]) => Promise<CampaignProduct[]>;
};

const notFound = () => new HttpError(404, M.NOT_FOUND);
const kindOf = (id: number) => `newsletter_campaign_${id}`;

function productIds(row: Pick<CampaignRow, "bodyEn" | "bodyAr">): number[] {
  const ids = new Set<number>();
  for (const block of [...row.bodyEn, ...row.bodyAr])
    if (block.type === "product") ids.add(block.product_id);
  return [...ids];
}

export function createCampaignService(db: Db, deps: CampaignDeps) {
  async function countsOf(ids: number[]) {
    const out = new Map<number, CampaignDto["counts"]>();
    if (!ids.length) return out;
    const rows = await db
      .select({
        id: campaignRecipients.campaignId,
        recipients: count(),
        queued: count(campaignRecipients.handedAt),
        sent: count(mailOutbox.sentAt),
        failed: count(mailOutbox.failedAt),
        unsubscribed: count(campaignRecipients.unsubscribedAt),
      })
      .from(campaignRecipients)
      .leftJoin(mailOutbox, eq(mailOutbox.id, campaignRecipients.outboxId))
      .where(inArray(campaignRecipients.campaignId, ids))
      .groupBy(campaignRecipients.campaignId);
    for (const { id, ...counts } of rows) out.set(id, counts);
    return out;
  }

  const toDto = (row: CampaignRow, counts?: CampaignDto["counts"]): CampaignDto => ({
    id: row.id,
    subject: row.subjectEn,
    subject_ar: row.subjectAr,
    body: row.bodyEn,
    body_ar: row.bodyAr,
    rate_per_minute: row.ratePerMinute,
    status: row.status,
    send_at: row.sendAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    counts: counts ?? { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 },
  });

  async function find(id: number): Promise<CampaignRow> {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** Both languages' e-mails of a campaign, product cards drawn now. */
  async function render(row: CampaignRow, baseUrl: string): Promise<Record<Language, Mail>> {
    const ids = productIds(row);
    const products = new Map((ids.length ? await deps.products(ids) : []).map((p) => [p.id, p]));
    const opts = { baseUrl, products };
    return {
      en: campaignMail("en", row.subjectEn, row.bodyEn, opts),
      ar: campaignMail("ar", row.subjectAr, row.bodyAr, opts),
    };
  }

  /**
   * The campaign's recipients: every subscriber confirmed now, in one insert. The unique
   * (campaign, subscriber) key makes a repeat add nobody twice.
   */
  async function start(tx: Tx, id: number, now: Date): Promise<void> {
    await tx.execute(sql`
      insert into ${campaignRecipients} (campaign_id, subscriber_id)
      select ${id}, s.id from ${newsletterSubscribers} s where s.confirmed_at is not null
      on conflict (campaign_id, subscriber_id) do nothing`);
    await tx.update(campaigns).set({ status: "sending", sendAt: now }).where(eq(campaigns.id, id));
  }

  /**
   * One campaign's share of a pass, in one transaction: the campaign row is locked (SKIP
   * LOCKED: another instance takes the next campaign), the allowance is its rate less what it
   * handed over in the last minute, and each recipient's e-mail goes into the outbox in the
   * same transaction that stamps the recipient. A crash loses the whole batch or none of it.
   */
  async function sendSome(id: number, now: Date, baseUrl: string): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, id), eq(campaigns.status, "sending")))
        .for("update", { skipLocked: true });
      if (!row) return 0;
      const [recent] = await tx
        .select({ n: count() })
        .from(campaignRecipients)
        .where(
          and(
            eq(campaignRecipients.campaignId, id),
            gt(campaignRecipients.handedAt, new Date(now.getTime() - RATE_WINDOW_MS)),
          ),
        );
      const allowed = campaignAllowance(row.ratePerMinute, recent?.n ?? 0, CAMPAIGN_BATCH);
      const due = allowed
        ? await tx
            .select({
              id: campaignRecipients.id,
              subscriber: {
                id: newsletterSubscribers.id,
                email: newsletterSubscribers.email,
                lang: newsletterSubscribers.lang,
              },
            })
            .from(campaignRecipients)
            .innerJoin(
              newsletterSubscribers,
              eq(newsletterSubscribers.id, campaignRecipients.subscriberId),
            )
            .where(
              and(
                eq(campaignRecipients.campaignId, id),
                isNull(campaignRecipients.handedAt),
                isNotNull(newsletterSubscribers.confirmedAt),
              ),
            )
            .orderBy(asc(campaignRecipients.id))
            .limit(allowed)
        : [];
      if (due.length) {
        const mails = await render(row, baseUrl);
        const queued = await queueNewsletterMails(
          tx,
          due.map((recipient) => recipient.subscriber),
          kindOf(id),
          (to) => mails[to.lang],
          { baseUrl, now },
        );
        // Every recipient of the batch stamped in one statement, in the same transaction as
        // its e-mail: a crash loses the whole batch or none of it.
        const stamps = due.map(
          (recipient, i) =>
            sql`(${recipient.id}::bigint, ${queued[i]!.outboxId}::bigint, ${queued[i]!.tokenHash}::text)`,
        );
        await tx.execute(sql`
          update ${campaignRecipients} as r
          set handed_at = ${now.toISOString()}::timestamptz, outbox_id = v.outbox_id, unsubscribe_token_hash = v.token_hash
          from (values ${sql.join(stamps, sql`, `)}) as v(id, outbox_id, token_hash)
          where r.id = v.id`);
      }
      // Done once nobody who is still subscribed waits (those who left are dropped).
      const [left] = await tx
        .select({ n: count() })
        .from(campaignRecipients)
        .innerJoin(
          newsletterSubscribers,
          eq(newsletterSubscribers.id, campaignRecipients.subscriberId),
        )
        .where(and(eq(campaignRecipients.campaignId, id), isNull(campaignRecipients.handedAt)));
      if ((left?.n ?? 0) === 0)
        await tx
          .update(campaigns)
          .set({ status: "sent", finishedAt: now })
          .where(eq(campaigns.id, id));
      return due.length;
    });
  }

  return {
    async list(): Promise<CampaignDto[]> {
      const rows = await db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(200);
      const counts = await countsOf(rows.map((row) => row.id));
      return rows.map((row) => toDto(row, counts.get(row.id)));
    },

    async get(id: number): Promise<CampaignDto> {
      const row = await find(id);
      return toDto(row, (await countsOf([id])).get(id));
    },

    async create(input: CampaignInput, actorId: number | null): Promise<CampaignDto> {
      const [row] = await db
        .insert(campaigns)
        .values({
          subjectEn: input.subject,
          subjectAr: input.subject_ar,
          bodyEn: input.body as CampaignBlock[],
          bodyAr: input.body_ar as CampaignBlock[],
          ratePerMinute: input.rate_per_minute,
          createdBy: actorId,
        })
        .returning();
      return toDto(row!);
    },

    /**
     * Rewrites a draft. Only a draft: once sent or scheduled the recipients were (or will be)
     * given this text, so a change would make the counts describe another e-mail (409). The row
     * is locked so a send racing this save either sees the new text or refuses it.
     */
    async update(id: number, input: CampaignInput): Promise<CampaignDto> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
        if (!row) throw notFound();
        if (row.status !== "draft") throw new HttpError(409, M.NOT_EDITABLE);
        await tx
          .update(campaigns)
          .set({
            subjectEn: input.subject,
            subjectAr: input.subject_ar,
            bodyEn: input.body as CampaignBlock[],
            bodyAr: input.body_ar as CampaignBlock[],
            ratePerMinute: input.rate_per_minute,
          })
          .where(eq(campaigns.id, id));
      });
      return this.get(id);
    },

    async preview(id: number, baseUrl: string): Promise<CampaignPreview> {
      const mails = await render(await find(id), baseUrl);
      return { en: mails.en, ar: mails.ar };
    },

    /**
     * A test to the admin's own address: both languages, marked as a test, with the unsubscribe
     * footer shown but not live (the admin is not being unsubscribed by it).
     */
    async sendTest(id: number, to: string, baseUrl: string): Promise<void> {
      const mails = await render(await find(id), baseUrl);
      const rows = (["en", "ar"] as const).map((lang) => {
        const mail = mails[lang];
        const footer = unsubscribeFooter(lang, `${baseUrl}/newsletter/unsubscribe`);
        return {
          kind: "campaign_test",
          to,
          subject: `[${lang === "ar" ? "تجربة" : "Test"}] ${mail.subject}`,
          text: mail.text + footer.text,
          html: mail.html.replace("</body>", `${footer.html}</body>`),
        };
      });
      await db.insert(mailOutbox).values(rows);
    },

    /**
     * Sends now (the recipients are queued at once) or schedules for `at`. A campaign is sent
     * once: a second send, or a send of a scheduled one, is refused.
     */
    async send(id: number, at: Date | null, now = new Date()): Promise<CampaignDto> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
        if (!row) throw notFound();
        if (row.status !== "draft") throw unprocessable("campaign", M.ALREADY_SENT);
        if (at && at.getTime() > now.getTime()) {
          await tx
            .update(campaigns)
            .set({ status: "scheduled", sendAt: at })
            .where(eq(campaigns.id, id));
        } else {
          await start(tx, id, now);
        }
      });
      return this.get(id);
    },

    /**
     * One pass of the sender: starts the scheduled campaigns that are due, then hands each
     * sending campaign's next allowance to the outbox. Safe on several instances. Resolves with
     * how many e-mails went into the outbox.
     */
    async runOnce(now: Date, opts: { baseUrl: string }): Promise<number> {
      await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.sendAt, now)))
          .for("update", { skipLocked: true });
        for (const { id } of due) await start(tx, id, now);
      });
      const sending = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.status, "sending"))
        .orderBy(asc(campaigns.id));
      let handed = 0;
      for (const { id } of sending) handed += await sendSome(id, now, opts.baseUrl);
      return handed;
    },
  };
}
export type CampaignService = ReturnType<typeof createCampaignService>;
