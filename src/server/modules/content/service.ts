import { asc, eq } from "drizzle-orm";
import type {
  FaqItemDto,
  FaqItemInput,
  PolicyPage,
  PolicySectionDto,
  PolicySectionInput,
} from "../../../shared/schemas/content.ts";
import { faqItemInputSchema, policySectionInputSchema } from "../../../shared/schemas/content.ts";
import type { Db } from "../../db/client.ts";
import { faqItems, policySections } from "../../db/schema/company.ts";
import { settings } from "../../db/schema/settings.ts";
import { notFound } from "../../http-errors.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import { SEED_FAQ, SEED_SECTIONS } from "./seed-data.ts";

/** Marks that the FAQ and policies were seeded once: an owner's deletions stay deleted. */
const SEEDED_KEY = "content_seeded_at";

type FaqRow = typeof faqItems.$inferSelect;
type SectionRow = typeof policySections.$inferSelect;

function faqDto(row: FaqRow): FaqItemDto {
  return {
    id: Number(row.id),
    position: row.position,
    question_en: row.questionEn,
    question_ar: row.questionAr,
    answer_en: row.answerEn,
    answer_ar: row.answerAr,
    updated_at: row.updatedAt.toISOString(),
  };
}

function sectionDto(row: SectionRow): PolicySectionDto {
  return {
    id: Number(row.id),
    page: row.page,
    slug: row.slug,
    position: row.position,
    title_en: row.titleEn,
    title_ar: row.titleAr,
    text_en: row.textEn,
    text_ar: row.textAr,
    points_en: row.pointsEn,
    points_ar: row.pointsAr,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The audited fields of a record, as the API names them (no ids or timestamps). */
const faqFields = ({ id: _i, updated_at: _u, ...rest }: FaqItemDto) => rest;
const sectionFields = ({ id: _i, updated_at: _u, page: _p, slug: _s, ...rest }: PolicySectionDto) =>
  rest;

/**
 * FAQ items and policy sections: stored bilingual content the owner edits, read on
 * every FAQ and policy page. Public reads go through the shared content cache, which migration
 * 0014's triggers make stale on any write (docs/conventions.md, "Caches").
 */
type Cache = { get<T>(key: string, load: () => Promise<T>): Promise<T> };

export type ContentServiceOptions = {
  /** The shared public-read cache (docs/conventions.md, "Caches"); none = read every time. */
  cache?: Cache;
};

export function createContentService(db: Db, opts: ContentServiceOptions = {}) {
  let seeding: Promise<void> | undefined;
  // Migration 0014's triggers bump the content version on every write to these tables.
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    opts.cache ? opts.cache.get(key, load) : load();

  /** The default FAQ and policy texts go in once, on a fresh database's first read, demo or not. */
  async function seedOnce(): Promise<void> {
    const [done] = await db.select().from(settings).where(eq(settings.key, SEEDED_KEY));
    if (done) return;
    await db.transaction(async (tx) => {
      await tx
        .insert(faqItems)
        .values(
          SEED_FAQ.map((item, i) => ({
            slug: item.slug,
            position: (i + 1) * 10,
            questionEn: item.question.en,
            questionAr: item.question.ar,
            answerEn: item.answer.en,
            answerAr: item.answer.ar,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(policySections)
        .values(
          SEED_SECTIONS.map((section, i) => ({
            page: section.page,
            slug: section.slug,
            position: (i + 1) * 10,
            titleEn: section.title.en,
            titleAr: section.title.ar,
            textEn: section.text?.en ?? "",
            textAr: section.text?.ar ?? "",
            pointsEn: section.points?.en ?? [],
            pointsAr: section.points?.ar ?? [],
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(settings)
        .values({ key: SEEDED_KEY, value: new Date().toISOString() })
        .onConflictDoNothing();
    });
  }
  const ensureSeeded = () => {
    seeding ??= seedOnce().catch((error: unknown) => {
      seeding = undefined;
      throw error;
    });
    return seeding;
  };

  async function loadFaq(): Promise<FaqItemDto[]> {
    await ensureSeeded();
    const rows = await db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id));
    return rows.map(faqDto);
  }

  async function loadSections(page: PolicyPage): Promise<PolicySectionDto[]> {
    await ensureSeeded();
    const rows = await db
      .select()
      .from(policySections)
      .where(eq(policySections.page, page))
      .orderBy(asc(policySections.position), asc(policySections.id));
    return rows.map(sectionDto);
  }

  return {
    ensureSeeded,

    faq(): Promise<FaqItemDto[]> {
      return cached("content:faq", loadFaq);
    },

    policy(page: PolicyPage): Promise<PolicySectionDto[]> {
      return cached(`content:page:${page}`, () => loadSections(page));
    },

    /** Every page's sections, for the admin "Pages" screen. */
    async allSections(): Promise<PolicySectionDto[]> {
      await ensureSeeded();
      const rows = await db
        .select()
        .from(policySections)
        .orderBy(asc(policySections.page), asc(policySections.position), asc(policySections.id));
      return rows.map(sectionDto);
    },

    async createFaq(input: FaqItemInput, actorId: number): Promise<FaqItemDto> {
      const values = faqItemInputSchema.parse(input);
      await ensureSeeded();
      const dto = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(faqItems)
          .values({
            position: values.position,
            questionEn: values.question_en,
            questionAr: values.question_ar,
            answerEn: values.answer_en,
            answerAr: values.answer_ar,
          })
          .returning();
        const created = faqDto(row!);
        await record(tx, {
          actorId,
          entity: "faq_item",
          entityId: created.id,
          action: "create",
          changes: changesOnCreate(faqFields(created)),
        });
        return created;
      });
      return dto;
    },

    async updateFaq(id: number, input: FaqItemInput, actorId: number): Promise<FaqItemDto> {
      const values = faqItemInputSchema.parse(input);
      const dto = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(faqItems).where(eq(faqItems.id, id)).for("update");
        if (!before) throw notFound();
        const [row] = await tx
          .update(faqItems)
          .set({
            position: values.position,
            questionEn: values.question_en,
            questionAr: values.question_ar,
            answerEn: values.answer_en,
            answerAr: values.answer_ar,
            updatedAt: new Date(),
          })
          .where(eq(faqItems.id, id))
          .returning();
        const updated = faqDto(row!);
        await record(tx, {
          actorId,
          entity: "faq_item",
          entityId: id,
          action: "update",
          changes: changesBetween(faqFields(faqDto(before)), faqFields(updated)),
        });
        return updated;
      });
      return dto;
    },

    async deleteFaq(id: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(faqItems).where(eq(faqItems.id, id)).returning();
        if (!row) throw notFound();
        await record(tx, {
          actorId,
          entity: "faq_item",
          entityId: id,
          action: "delete",
          changes: changesOnDelete(faqFields(faqDto(row))),
        });
      });
    },

    async updateSection(
      id: number,
      input: PolicySectionInput,
      actorId: number,
    ): Promise<PolicySectionDto> {
      const values = policySectionInputSchema.parse(input);
      const dto = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(policySections)
          .where(eq(policySections.id, id))
          .for("update");
        if (!before) throw notFound();
        const [row] = await tx
          .update(policySections)
          .set({
            position: values.position,
            titleEn: values.title_en,
            titleAr: values.title_ar,
            textEn: values.text_en,
            textAr: values.text_ar,
            pointsEn: values.points_en,
            pointsAr: values.points_ar,
            updatedAt: new Date(),
          })
          .where(eq(policySections.id, id))
          .returning();
        const updated = sectionDto(row!);
        await record(tx, {
          actorId,
          entity: "policy_section",
          entityId: id,
          action: "update",
          changes: changesBetween(sectionFields(sectionDto(before)), sectionFields(updated)),
        });
        return updated;
      });
      return dto;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
