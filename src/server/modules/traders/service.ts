import { createHash, randomBytes } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import { type PriceListRules, priceListProblems } from "../../../shared/domain/price-lists.ts";
import {
  type PriceListDto,
  type PriceListInput,
  TRADER_MESSAGES,
  type TraderCreateInput,
  type TraderDto,
  type TraderPatch,
} from "../../../shared/schemas/traders.ts";
import type { Db, Tx } from "../../db/client.ts";
import { passwordResets, tokens, users } from "../../db/schema/accounts.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { traderEnquiries } from "../../db/schema/company.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { type PriceListRow, priceLists, type TraderRow, traders } from "../../db/schema/traders.ts";
import { conflict, HttpError, notFound } from "../../http-errors.ts";
import { hashPassword } from "../accounts/passwords.ts";
import { traderInvitationMail } from "../mail/account-templates.ts";

/** An invitation link works once, for a week (a reset link: same table, same single use). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;
/** Queued like a reset e-mail, so using or replacing the link scrubs it from the outbox. */
const INVITATION_MAIL_KIND = "password_reset";

const unprocessable = (errors: Record<string, string[]>) =>
  new HttpError(422, Object.values(errors)[0]![0]!, errors);

function rulesOf(input: PriceListInput): PriceListRules {
  return {
    minOrderTotalCents: toCents(input.min_order_total),
    products: input.products.map((p) => ({
      productId: p.product_id,
      pricePerKgCents: toCents(p.price_per_kg),
      minGrams: p.min_grams,
      tiers: p.tiers.map((t) => ({
        fromGrams: t.from_grams,
        pricePerKgCents: toCents(t.price_per_kg),
      })),
    })),
    categories: input.categories.map((c) => ({
      categoryId: c.category_id,
      percentOff: c.percent_off,
    })),
  };
}

export function priceListDto(row: PriceListRow): PriceListDto {
  return {
    id: row.id,
    name: row.name,
    min_order_total: centsToDollars(row.minOrderTotalCents),
    products: row.products.map((p) => ({
      product_id: p.productId,
      price_per_kg: centsToDollars(p.pricePerKgCents),
      min_grams: p.minGrams,
      tiers: p.tiers.map((t) => ({
        from_grams: t.fromGrams,
        price_per_kg: centsToDollars(t.pricePerKgCents),
      })),
    })),
    categories: row.categories.map((c) => ({
      category_id: c.categoryId,
      percent_off: c.percentOff,
    })),
    updated_at: row.updatedAt.toISOString(),
  };
}

function traderDto(row: TraderRow, email: string): TraderDto {
  return {
    id: row.id,
    user_id: row.userId,
    email,
    company_name: row.companyName,
    contact_name: row.contactName,
    tax_number: row.taxNumber,
    country: row.country,
    phone: row.phone,
    lang: row.lang,
    price_list_id: row.priceListId,
    terms_days: row.termsDays,
    credit_limit: centsToDollars(row.creditLimitCents),
    status: row.status,
    enquiry_id: row.enquiryId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createTraderService(db: Db) {
  /** The rules, then every product and category the list names must exist. */
  async function checkedRules(executor: Db | Tx, input: PriceListInput): Promise<PriceListRules> {
    const rules = rulesOf(input);
    const problems = priceListProblems(rules);
    const productIds = [...new Set(rules.products.map((p) => p.productId))];
    const categoryIds = [...new Set(rules.categories.map((c) => c.categoryId))];
    const [knownProducts, knownCategories] = await Promise.all([
      productIds.length
        ? executor
            .select({ id: products.id })
            .from(products)
            .where(inArray(products.id, productIds))
        : [],
      categoryIds.length
        ? executor
            .select({ id: categories.id })
            .from(categories)
            .where(inArray(categories.id, categoryIds))
        : [],
    ]);
    const productSet = new Set(knownProducts.map((r) => r.id));
    const categorySet = new Set(knownCategories.map((r) => r.id));
    rules.products.forEach((p, i) => {
      if (!productSet.has(p.productId))
        problems[`products.${i}.product_id`] = [TRADER_MESSAGES.UNKNOWN_PRODUCT];
    });
    rules.categories.forEach((c, i) => {
      if (!categorySet.has(c.categoryId))
        problems[`categories.${i}.category_id`] = [TRADER_MESSAGES.UNKNOWN_CATEGORY];
    });
    if (Object.keys(problems).length) throw unprocessable(problems);
    return rules;
  }

  async function listExists(executor: Db | Tx, id: number | null): Promise<void> {
    if (id === null) return;
    const [row] = await executor
      .select({ id: priceLists.id })
      .from(priceLists)
      .where(eq(priceLists.id, id));
    if (!row) throw unprocessable({ price_list_id: [TRADER_MESSAGES.LIST_NOT_FOUND] });
  }

  /**
   * A trader on an account (a new one, or the existing account of that e-mail), and the
   * invitation to choose a password: a single-use link in the password-reset table, valid a
   * week, e-mailed in the trader's language. One transaction: all of it, or none.
   */
  async function addTrader(
    tx: Tx,
    input: TraderCreateInput & { enquiryId: number | null },
    baseUrl: string,
    now: Date,
  ): Promise<TraderDto> {
    await listExists(tx, input.price_list_id);
    const [existing] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
      .for("update");
    let user = existing;
    if (user) {
      const [already] = await tx
        .select({ id: traders.id })
        .from(traders)
        .where(eq(traders.userId, user.id));
      if (already)
        throw conflict(TRADER_MESSAGES.ALREADY_TRADER, { email: [TRADER_MESSAGES.ALREADY_TRADER] });
    } else {
      // A password nobody knows: the invitation's link sets the real one.
      const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
      [user] = await tx
        .insert(users)
        .values({
          name: input.contact_name,
          email: input.email,
          passwordHash,
          company: input.company_name,
          phone: input.phone,
          country: input.country,
        })
        .returning({ id: users.id, email: users.email });
    }
    const [row] = await tx
      .insert(traders)
      .values({
        userId: user!.id,
        companyName: input.company_name,
        contactName: input.contact_name,
        taxNumber: input.tax_number,
        country: input.country,
        phone: input.phone,
        lang: input.lang,
        priceListId: input.price_list_id,
        termsDays: input.terms_days,
        creditLimitCents: toCents(input.credit_limit),
        enquiryId: input.enquiryId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const token = randomBytes(32).toString("base64url");
    await tx.insert(passwordResets).values({
      userId: user!.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      createdAt: now,
    });
    const mail = traderInvitationMail(
      input.lang,
      input.contact_name,
      `${baseUrl}${input.lang === "ar" ? "/ar" : ""}/reset-password?token=${token}`,
    );
    await tx.insert(mailOutbox).values({ kind: INVITATION_MAIL_KIND, to: user!.email, ...mail });
    return traderDto(row!, user!.email);
  }

  return {
    async priceLists(): Promise<PriceListDto[]> {
      const rows = await db
        .select()
        .from(priceLists)
        .orderBy(asc(priceLists.name), asc(priceLists.id));
      return rows.map(priceListDto);
    },

    async createPriceList(input: PriceListInput): Promise<PriceListDto> {
      const rules = await checkedRules(db, input);
      const [row] = await db
        .insert(priceLists)
        .values({ name: input.name, ...rules })
        .returning();
      return priceListDto(row!);
    },

    async replacePriceList(id: number, input: PriceListInput): Promise<PriceListDto> {
      const rules = await checkedRules(db, input);
      const [row] = await db
        .update(priceLists)
        .set({ name: input.name, ...rules, updatedAt: new Date() })
        .where(eq(priceLists.id, id))
        .returning();
      if (!row) throw notFound(TRADER_MESSAGES.LIST_NOT_FOUND);
      return priceListDto(row);
    },

    /** 409 while a trader buys under it: its prices would silently turn retail. */
    async deletePriceList(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: priceLists.id })
          .from(priceLists)
          .where(eq(priceLists.id, id))
          .for("update");
        if (!row) throw notFound(TRADER_MESSAGES.LIST_NOT_FOUND);
        const [used] = await tx
          .select({ id: traders.id })
          .from(traders)
          .where(eq(traders.priceListId, id))
          .limit(1);
        if (used) throw conflict(TRADER_MESSAGES.LIST_IN_USE);
        await tx.delete(priceLists).where(eq(priceLists.id, id));
      });
    },

    async traders(): Promise<TraderDto[]> {
      const rows = await db
        .select({ trader: traders, email: users.email })
        .from(traders)
        .innerJoin(users, eq(users.id, traders.userId))
        .orderBy(asc(traders.companyName), asc(traders.id));
      return rows.map((r) => traderDto(r.trader, r.email));
    },

    async createTrader(
      input: TraderCreateInput,
      baseUrl: string,
      now = new Date(),
    ): Promise<TraderDto> {
      return db.transaction((tx) => addTrader(tx, { ...input, enquiryId: null }, baseUrl, now));
    },

    /** "Approve as trader": the enquiry's company, contact, phone, country and language. */
    async approveEnquiry(
      enquiryId: number,
      terms: { price_list_id: number | null; terms_days: number; credit_limit: number },
      baseUrl: string,
      now = new Date(),
    ): Promise<TraderDto> {
      return db.transaction(async (tx) => {
        const [enquiry] = await tx
          .select()
          .from(traderEnquiries)
          .where(eq(traderEnquiries.id, enquiryId))
          .for("update");
        if (!enquiry) throw notFound(TRADER_MESSAGES.ENQUIRY_NOT_FOUND);
        const [approved] = await tx
          .select({ id: traders.id })
          .from(traders)
          .where(eq(traders.enquiryId, enquiryId));
        if (approved) throw conflict(TRADER_MESSAGES.ALREADY_APPROVED);
        if (!enquiry.email) throw unprocessable({ email: [TRADER_MESSAGES.ENQUIRY_NO_EMAIL] });
        const trader = await addTrader(
          tx,
          {
            company_name: enquiry.companyName || enquiry.fullName,
            contact_name: enquiry.fullName,
            email: enquiry.email,
            phone: enquiry.phone,
            country: enquiry.country,
            tax_number: null,
            lang: enquiry.lang,
            ...terms,
            enquiryId,
          },
          baseUrl,
          now,
        );
        await tx
          .update(traderEnquiries)
          .set({ status: "handled", updatedAt: now })
          .where(eq(traderEnquiries.id, enquiryId));
        return trader;
      });
    },

    /** Suspending ends the trader's sessions at once: its wholesale prices go with them. */
    async updateTrader(id: number, patch: TraderPatch, now = new Date()): Promise<TraderDto> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(traders).where(eq(traders.id, id)).for("update");
        if (!row) throw notFound(TRADER_MESSAGES.TRADER_NOT_FOUND);
        if (patch.price_list_id !== undefined) await listExists(tx, patch.price_list_id);
        const [updated] = await tx
          .update(traders)
          .set({
            ...(patch.status ? { status: patch.status } : {}),
            ...(patch.company_name ? { companyName: patch.company_name } : {}),
            ...(patch.tax_number !== undefined ? { taxNumber: patch.tax_number } : {}),
            ...(patch.price_list_id !== undefined ? { priceListId: patch.price_list_id } : {}),
            ...(patch.terms_days !== undefined ? { termsDays: patch.terms_days } : {}),
            ...(patch.credit_limit !== undefined
              ? { creditLimitCents: toCents(patch.credit_limit) }
              : {}),
            updatedAt: now,
          })
          .where(eq(traders.id, id))
          .returning();
        if (patch.status === "suspended" && row.status !== "suspended")
          await tx
            .update(tokens)
            .set({ revokedAt: now })
            .where(sql`${tokens.userId} = ${row.userId} and ${tokens.revokedAt} is null`);
        const [user] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, row.userId));
        return traderDto(updated!, user!.email);
      });
    },
  };
}
export type TraderService = ReturnType<typeof createTraderService>;
