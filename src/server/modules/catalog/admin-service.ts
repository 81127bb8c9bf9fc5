import { randomBytes } from "node:crypto";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  type SQL,
  sql,
} from "drizzle-orm";
import { matchesSearch, normaliseSearchText } from "../../../shared/domain/arabic-search.ts";
import { gramsToKg, kgToGrams } from "../../../shared/domain/low-stock.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import { isInStock, optionLabel, optionPrices } from "../../../shared/domain/weight-options.ts";
import {
  ADMIN_MESSAGES,
  type AdminCategory,
  type AdminListQuery,
  type AdminProduct,
  type AdminProductQuery,
  type AdminProductSort,
  type CategoryValues,
  type ProductValues,
  toGrams,
} from "../../../shared/schemas/admin-catalog.ts";
import { boxDto } from "../../../shared/schemas/boxes.ts";
import { responsiveImage, storageUrl } from "../../../shared/schemas/catalog.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  type CategoryRow,
  categories,
  products,
  productWeightOptions,
} from "../../db/schema/catalog.ts";
import { archivedProducts, productImages } from "../../db/schema/catalog-admin.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { restockAlerts } from "../../db/schema/restock-alerts.ts";
import { conflict, notFound, unprocessable } from "../../http-errors.ts";
import {
  type AuditFields,
  changesBetween,
  changesOnCreate,
  changesOnDelete,
  record,
} from "../audit/service.ts";
import { readShopSettings } from "../settings/service.ts";
import { lowStockWhere } from "./low-stock.ts";
import { productSearchText } from "./service.ts";

const PAGE = (total: number, q: { page: number; per_page: number }) => ({
  page: q.page,
  per_page: q.per_page,
  total,
  last_page: lastPage(total, q.per_page),
});

/** "%needle%" with LIKE's wildcards taken literally. */
const contains = (needle: string) => `%${needle.replace(/[\\%_]/g, "\\$&")}%`;

/** A stable slug from the English name: "Ma'amoul & Co" -> "ma-amoul-co"; Arabic-only -> "category". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "category";
}

const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === "23505") return !constraint || e.constraint?.includes(constraint) !== false;
  return e?.cause ? isUniqueViolation(e.cause, constraint) : false;
};

// ---------------------------------------------------------------------------------------
// Categories

function categoryDto(row: CategoryRow, productsCount: number): AdminCategory {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.nameEn,
    name_ar: row.nameAr,
    description: row.descriptionEn ?? "",
    description_ar: row.descriptionAr ?? "",
    image_url: row.image ? storageUrl(row.image) : null,
    daily_cap_grams: row.dailyCapGrams,
    products_count: productsCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const categoryAudit = (c: AdminCategory): AuditFields => ({
  name: c.name,
  name_ar: c.name_ar,
  description: c.description,
  description_ar: c.description_ar,
  slug: c.slug,
  daily_cap_grams: c.daily_cap_grams ?? "none",
});

/** Products that count as "in" a category: every one not archived. */
const notArchived = sql`not exists (select 1 from ${archivedProducts} a where a.product_id = ${products.id})`;

// ---------------------------------------------------------------------------------------
// Products

type ProductRowFull = typeof products.$inferSelect & {
  categoryNameEn: string | null;
  categoryNameAr: string | null;
  options: { grams: number; priceCents: number | null }[] | string | null;
  images: { id: number; path: string; position: number }[] | string | null;
  sold: boolean;
  restockWaiting: number | string;
};

const parseJson = <T>(raw: T | string | null): T | null =>
  typeof raw === "string" ? (JSON.parse(raw) as T) : raw;

function productDto(row: ProductRowFull): AdminProduct {
  const options = (parseJson(row.options) ?? []).map((o) => ({
    grams: Number(o.grams),
    priceCents: o.priceCents ?? null,
  }));
  let images = (parseJson(row.images) ?? []).map((i) => ({
    id: Number(i.id),
    path: i.path,
    position: Number(i.position),
  }));
  // Products from before the admin (the seed) have their picture only in products.image.
  if (images.length === 0 && row.image) images = [{ id: 0, path: row.image, position: 0 }];
  const priced = optionPrices({
    pricePerKgCents: row.priceCents,
    discountPerKgCents: row.discountPriceCents,
    options,
  });
  const stockKg = row.stockGrams === null ? null : row.stockGrams / 1000;
  return {
    id: Number(row.id),
    name: row.nameEn,
    name_ar: row.nameAr,
    description: row.descriptionEn,
    description_ar: row.descriptionAr,
    price: centsToDollars(row.priceCents),
    discount_price: row.discountPriceCents === null ? null : centsToDollars(row.discountPriceCents),
    category_id: row.categoryId === null ? null : Number(row.categoryId),
    category:
      row.categoryId === null
        ? null
        : {
            id: Number(row.categoryId),
            name: row.categoryNameEn ?? "",
            name_ar: row.categoryNameAr ?? "",
          },
    weight: row.weight === null ? null : Number(row.weight),
    weight_unit: row.weightUnit,
    sku: row.sku,
    stock_kg: stockKg,
    low_stock_kg: row.lowStockGrams === null ? null : gramsToKg(row.lowStockGrams),
    in_stock: isInStock(stockKg, options),
    active: row.active,
    image_url: row.image ? storageUrl(row.image) : null,
    image: responsiveImage(row.image),
    images: images.map((i) => ({
      id: i.id,
      url: storageUrl(i.path),
      image: responsiveImage(i.path),
      position: i.position,
    })),
    weight_options: options.map((o, index) => ({
      grams: o.grams,
      label: optionLabel(o.grams, "en"),
      label_ar: optionLabel(o.grams, "ar"),
      price: o.priceCents === null ? null : centsToDollars(o.priceCents),
      regular_price: centsToDollars(priced[index]!.regularCents),
      effective_price: centsToDollars(priced[index]!.effectiveCents),
    })),
    sold: Boolean(row.sold),
    food: typeof row.food === "string" ? JSON.parse(row.food) : row.food,
    box: boxDto(row.box),
    restock_waiting: Number(row.restockWaiting ?? 0),
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

/** What the history shows for a product: the form's fields, as the form has them. */
function productAudit(p: AdminProduct): AuditFields {
  return {
    name: p.name,
    name_ar: p.name_ar,
    description: p.description,
    description_ar: p.description_ar,
    price: p.price,
    discount_price: p.discount_price,
    category: p.category?.name ?? null,
    weight: p.weight,
    weight_unit: p.weight_unit,
    sku: p.sku,
    stock_kg: p.stock_kg,
    low_stock_kg: p.low_stock_kg,
    active: p.active,
    weight_options: p.weight_options.map((o) =>
      o.price === null ? o.grams : `${o.grams}@${o.price}`,
    ),
    images: p.images.map((i) => i.url),
    ...foodAudit(p.food),
    box: p.box
      ? `${p.box.sizes.map((s) => (s.price === null ? s.grams : `${s.grams}@${s.price}`)).join(" ")} / ${p.box.step_grams} g / ${p.box.product_ids.join(" ")}`
      : null,
  };
}

/** The food block as the form's fields, so the history says which one changed. */
function foodAudit(food: AdminProduct["food"]): AuditFields {
  return {
    food_ingredients: food?.ingredients ?? null,
    food_ingredients_ar: food?.ingredients_ar ?? null,
    food_allergens: food ? food.allergens.join(", ") : null,
    food_traces: food ? food.traces.join(", ") : null,
    food_shelf_life_days: food?.shelf_life_days ?? null,
    food_storage: food?.storage ?? null,
    food_storage_ar: food?.storage_ar ?? null,
    food_nutrition: food?.nutrition
      ? Object.entries(food.nutrition)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")
      : null,
    food_origin: food?.origin ?? null,
    food_hs_code: food?.hs_code ?? null,
  };
}

const productSelect = getTableColumns(products);

const PRODUCT_SORTS: Record<AdminProductSort, SQL[]> = {
  newest: [sql`${products.createdAt} desc`, sql`${products.id} desc`],
  oldest: [sql`${products.createdAt} asc`, sql`${products.id} asc`],
  name: [asc(products.nameEn), asc(products.id)],
  price_asc: [asc(products.priceCents), asc(products.id)],
  price_desc: [desc(products.priceCents), desc(products.id)],
  stock_asc: [sql`${products.stockGrams} asc nulls last`, asc(products.id)],
};

/** The smallest option a product sells (1 kg without options): in stock needs that much. */
const smallestGrams = sql`coalesce((select min(o.grams) from ${productWeightOptions} o where o.product_id = ${products.id}), 1000)`;

export type NewImage = { path: string };

export type ProductWrite = {
  values: ProductValues;
  /** Paths the image pipeline just stored for this request's uploads, in upload order. */
  uploads: NewImage[];
  /** True when the single `image` field came (on update: replace the main picture). */
  replaceMain: boolean;
  actorId: number | null;
};

export type WriteResult<T> = { data: T; removedPaths: string[] };

export function createCatalogAdminService(db: Db) {
  // ------------------------------------------------------------- categories
  async function categoryCounts(ids: number[], tx: Db | Tx = db): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(and(inArray(products.categoryId, ids), notArchived))
      .groupBy(products.categoryId);
    return new Map(rows.map((r) => [Number(r.categoryId), Number(r.n)]));
  }

  async function getCategory(id: number, tx: Db | Tx = db): Promise<AdminCategory> {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!row) throw notFound("Category not found.");
    const counts = await categoryCounts([id], tx);
    return categoryDto(row, counts.get(id) ?? 0);
  }

  async function uniqueSlug(tx: Tx, name: string): Promise<string> {
    const base = slugify(name);
    const taken = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(sql`${categories.slug} = ${base} or ${categories.slug} like ${`${base}-%`}`);
    const used = new Set(taken.map((t) => t.slug));
    if (!used.has(base)) return base;
    for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  // ------------------------------------------------------------- products
  const fullSelect = (tx: Db | Tx) =>
    tx
      .select({
        ...productSelect,
        categoryNameEn: categories.nameEn,
        categoryNameAr: categories.nameAr,
        options: sql<ProductRowFull["options"]>`(
          select json_agg(json_build_object('grams', o.grams, 'priceCents', o.price_cents)
                          order by o.position, o.grams)
          from ${productWeightOptions} o where o.product_id = ${products.id})`,
        images: sql<ProductRowFull["images"]>`(
          select json_agg(json_build_object('id', i.id, 'path', i.path, 'position', i.position)
                          order by i.position, i.id)
          from ${productImages} i where i.product_id = ${products.id})`,
        sold: sql<boolean>`exists (select 1 from ${orderLines} l where l.product_id = ${products.id})`,
        restockWaiting: sql<number>`(select count(*)::int from ${restockAlerts} r where r.product_id = ${products.id})`,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));

  async function findProduct(id: number, tx: Db | Tx = db): Promise<AdminProduct | null> {
    const [row] = await fullSelect(tx)
      .where(and(eq(products.id, id), notArchived))
      .limit(1);
    return row ? productDto(row as unknown as ProductRowFull) : null;
  }

  async function requireCategory(tx: Tx, id: number) {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, id));
    if (!row) throw unprocessable("category_id", ADMIN_MESSAGES.CATEGORY_UNKNOWN);
  }

  /**
   * A box's sweets must be products that exist and are not boxes themselves (a box of boxes
   * has no grams to make), and a box cannot hold itself.
   */
  async function requireBoxSweets(tx: Tx, box: ProductValues["box"], self: number | null) {
    if (!box) return;
    const ids = box.product_ids;
    const rows = await tx
      .select({ id: products.id, box: products.box })
      .from(products)
      .where(inArray(products.id, ids));
    const sweets = new Set(rows.filter((r) => r.box === null).map((r) => Number(r.id)));
    const bad = ids.filter((id) => id === self || !sweets.has(id));
    if (bad.length > 0)
      throw unprocessable(
        "box.product_ids",
        `These products cannot go in a box: ${bad.join(", ")}. Choose sweets that are not boxes.`,
      );
  }

  /** The option list after a write: the form's list, a single weight as the first one, or as is. */
  function nextOptions(
    values: ProductValues,
    current: { grams: number; priceCents: number | null }[] | null,
  ): { grams: number; priceCents: number | null }[] | null {
    const weightGrams = values.weight === null ? null : toGrams(values.weight, values.weight_unit);
    let list: { grams: number; priceCents: number | null }[] | null =
      values.weight_options === undefined
        ? current
        : values.weight_options.map((o) => ({
            grams: o.grams,
            priceCents: o.price === null ? null : toCents(o.price),
          }));
    if (weightGrams !== null && weightGrams > 0 && values.weight_options === undefined) {
      // A client that sends one weight: it is the default (first) option.
      const rest = (list ?? []).slice(1).filter((o) => o.grams !== weightGrams);
      const keep = (list ?? []).find((o) => o.grams === weightGrams);
      list = [{ grams: weightGrams, priceCents: keep?.priceCents ?? null }, ...rest];
    }
    return list;
  }

  async function writeOptions(
    tx: Tx,
    productId: number,
    list: { grams: number; priceCents: number | null }[],
  ) {
    await tx.delete(productWeightOptions).where(eq(productWeightOptions.productId, productId));
    if (list.length > 0) {
      await tx.insert(productWeightOptions).values(
        list.map((o, position) => ({
          productId,
          grams: o.grams,
          priceCents: o.priceCents,
          position,
        })),
      );
    }
  }

  /** The weight/unit columns follow the first option when the form sent only options. */
  function weightColumns(values: ProductValues, list: { grams: number }[] | null) {
    if (values.weight !== null) return { weight: values.weight, weightUnit: values.weight_unit };
    const first = list?.[0];
    if (!first) return { weight: null, weightUnit: values.weight_unit };
    return first.grams % 1000 === 0
      ? { weight: first.grams / 1000, weightUnit: "kg" as const }
      : { weight: first.grams, weightUnit: "g" as const };
  }

  /** Puts the images in their new order, main first, and mirrors the main one to products.image. */
  async function writeImages(
    tx: Tx,
    productId: number,
    order: { id?: number; path: string }[],
  ): Promise<string[]> {
    const before = await tx
      .select({ id: productImages.id, path: productImages.path })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const keptIds = new Set(order.flatMap((o) => (o.id ? [o.id] : [])));
    const removed = before.filter((b) => !keptIds.has(Number(b.id)));
    if (removed.length > 0) {
      await tx.delete(productImages).where(
        inArray(
          productImages.id,
          removed.map((r) => r.id),
        ),
      );
    }
    for (const [position, item] of order.entries()) {
      if (item.id) {
        await tx.update(productImages).set({ position }).where(eq(productImages.id, item.id));
      } else {
        await tx.insert(productImages).values({ productId, path: item.path, position });
      }
    }
    await tx
      .update(products)
      .set({ image: order[0]?.path ?? null })
      .where(eq(products.id, productId));
    return removed.map((r) => r.path);
  }

  /** Rows for a seeded product's picture, so ids exist before it is edited. */
  async function ensureImageRows(tx: Tx, productId: number) {
    const [row] = await tx
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, productId));
    if (!row?.image) return;
    const [existing] = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .limit(1);
    if (!existing)
      await tx.insert(productImages).values({ productId, path: row.image, position: 0 });
  }

  /** The image list asked for: `image_order` ids and "new:n" uploads, or kept + appended. */
  function imageOrder(
    write: ProductWrite,
    current: { id: number; path: string }[],
  ): { id?: number; path: string }[] {
    const { values, uploads } = write;
    const external =
      values.image_url &&
      /^https:\/\//i.test(values.image_url) &&
      !values.image_url.includes("/storage/")
        ? [{ path: values.image_url }]
        : [];
    const fresh = [...uploads, ...external];
    if (values.image_order) {
      const byId = new Map(current.map((c) => [c.id, c]));
      const used = new Set<number>();
      const list: { id?: number; path: string }[] = [];
      for (const entry of values.image_order) {
        const text = String(entry);
        if (text.startsWith("new:")) {
          const upload = fresh[Number(text.slice(4))];
          if (!upload)
            throw unprocessable("image_order", "The image order names a file that was not sent.");
          used.add(fresh.indexOf(upload));
          list.push({ path: upload.path });
        } else {
          const kept = byId.get(Number(text));
          if (!kept) throw unprocessable("image_order", "The image order names an unknown image.");
          list.push(kept);
        }
      }
      // Uploads the order forgot still count: appended rather than silently dropped.
      fresh.forEach((f, i) => {
        if (!used.has(i)) list.push({ path: f.path });
      });
      return dedupe(list);
    }
    if (write.replaceMain && fresh.length > 0) {
      // An edit form that sends one `image`: it replaces the main picture.
      return dedupe([...fresh, ...current.slice(1)]);
    }
    return dedupe([...current, ...fresh]);
  }

  const dedupe = (list: { id?: number; path: string }[]) => {
    const seen = new Set<string>();
    return list.filter((i) => {
      if (seen.has(i.path)) return false;
      seen.add(i.path);
      return true;
    });
  };

  async function currentImages(tx: Tx, productId: number) {
    const rows = await tx
      .select({ id: productImages.id, path: productImages.path })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    return rows.map((r) => ({ id: Number(r.id), path: r.path }));
  }

  const generatedSku = () => `SW-${randomBytes(4).toString("hex").toUpperCase()}`;

  function productColumns(values: ProductValues) {
    return {
      nameEn: values.name,
      nameAr: values.name_ar,
      descriptionEn: values.description,
      descriptionAr: values.description_ar,
      priceCents: toCents(values.price),
      // 0 means "no discount" in the product form; stored as none.
      discountPriceCents:
        values.discount_price === null || values.discount_price === 0
          ? null
          : toCents(values.discount_price),
      categoryId: values.category_id,
      stockGrams: values.stock_kg === null ? null : Math.round(values.stock_kg * 1000),
      // Left out (an older client, an import without the column): the threshold is kept.
      ...(values.low_stock_kg === undefined
        ? {}
        : { lowStockGrams: values.low_stock_kg === null ? null : kgToGrams(values.low_stock_kg) }),
      active: values.active,
      // Left out (an older client): the food information is kept.
      ...(values.food === undefined ? {} : { food: values.food }),
      // Likewise the box.
      ...(values.box === undefined ? {} : { box: values.box }),
      searchText: productSearchText({
        nameEn: values.name,
        nameAr: values.name_ar,
        descriptionEn: values.description,
        descriptionAr: values.description_ar,
      }),
    };
  }

  function skuTaken(error: unknown): never {
    if (isUniqueViolation(error)) throw unprocessable("sku", ADMIN_MESSAGES.SKU_TAKEN);
    throw error;
  }

  return {
    // =========================================================== categories
    async listCategories(q: AdminListQuery) {
      const rows = await db
        .select()
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
      // A few dozen rows at most: Arabic-normalised matching in memory, like the storefront's.
      const matching = rows.filter((r) =>
        matchesSearch(q.search ?? "", [
          r.nameEn,
          r.nameAr,
          r.descriptionEn,
          r.descriptionAr,
          r.slug,
        ]),
      );
      const page = matching.slice((q.page - 1) * q.per_page, q.page * q.per_page);
      const counts = await categoryCounts(page.map((r) => Number(r.id)));
      return {
        data: page.map((r) => categoryDto(r, counts.get(Number(r.id)) ?? 0)),
        meta: PAGE(matching.length, q),
      };
    },

    getCategory: (id: number) => getCategory(id),

    async createCategory(values: CategoryValues, actorId: number | null) {
      return db.transaction(async (tx) => {
        const slug = await uniqueSlug(tx, values.name);
        const [row] = await tx
          .insert(categories)
          .values({
            slug,
            nameEn: values.name,
            nameAr: values.name_ar,
            descriptionEn: values.description,
            descriptionAr: values.description_ar,
            dailyCapGrams: values.daily_cap_grams ?? null,
            position: sql`coalesce((select max(${categories.position}) + 1 from ${categories}), 0)`,
          })
          .returning();
        const dto = categoryDto(row!, 0);
        await record(tx, {
          actorId,
          entity: "category",
          entityId: dto.id,
          action: "create",
          changes: changesOnCreate(categoryAudit(dto)),
        });
        return dto;
      });
    },

    async updateCategory(id: number, values: CategoryValues, actorId: number | null) {
      return db.transaction(async (tx) => {
        const before = await getCategory(id, tx);
        // The slug stays: links and filters (?category=baklava) keep working after a rename.
        await tx
          .update(categories)
          .set({
            nameEn: values.name,
            nameAr: values.name_ar,
            descriptionEn: values.description,
            descriptionAr: values.description_ar,
            ...(values.daily_cap_grams === undefined
              ? {}
              : { dailyCapGrams: values.daily_cap_grams }),
            updatedAt: new Date(),
          })
          .where(eq(categories.id, id));
        const after = await getCategory(id, tx);
        await record(tx, {
          actorId,
          entity: "category",
          entityId: id,
          action: "update",
          changes: changesBetween(categoryAudit(before), categoryAudit(after)),
        });
        return after;
      });
    },

    async deleteCategory(id: number, actorId: number | null) {
      await db.transaction(async (tx) => {
        const before = await getCategory(id, tx);
        if (before.products_count > 0) {
          const n = before.products_count;
          throw conflict(
            `This category still has ${n} ${n === 1 ? "product" : "products"}. Move or delete ${n === 1 ? "it" : "them"} first.`,
            { products_count: [String(n)] },
          );
        }
        // Archived products (kept for order history) let go of it.
        await tx.update(products).set({ categoryId: null }).where(eq(products.categoryId, id));
        await tx.delete(categories).where(eq(categories.id, id));
        await record(tx, {
          actorId,
          entity: "category",
          entityId: id,
          action: "delete",
          changes: changesOnDelete(categoryAudit(before)),
        });
      });
    },

    // =========================================================== products
    async listProducts(q: AdminProductQuery) {
      const filters: (SQL | undefined)[] = [notArchived];
      if (q.category) filters.push(eq(products.categoryId, q.category));
      if (q.status === "active") filters.push(eq(products.active, true));
      if (q.status === "hidden") filters.push(eq(products.active, false));
      if (q.stock === "untracked") filters.push(isNull(products.stockGrams));
      if (q.stock === "low")
        filters.push(lowStockWhere((await readShopSettings(db)).lowStockGrams));
      if (q.stock === "in_stock")
        filters.push(
          sql`(${products.stockGrams} is null or ${products.stockGrams} >= ${smallestGrams})`,
        );
      if (q.stock === "out_of_stock")
        filters.push(
          sql`(${products.stockGrams} is not null and ${products.stockGrams} < ${smallestGrams})`,
        );
      // The storefront's search: both languages, Arabic folded, every word somewhere; the
      // SKU matches too (the admin types it from a label).
      const needle = normaliseSearchText(q.search ?? "");
      for (const word of needle.split(" ").filter(Boolean).slice(0, 6)) {
        filters.push(
          sql`(${products.searchText} like ${contains(word)} or lower(${products.sku}) like ${contains(word)})`,
        );
      }
      const where = and(...filters);
      const [[counted], rows] = await Promise.all([
        db.select({ total: count() }).from(products).where(where),
        fullSelect(db)
          .where(where)
          .orderBy(...PRODUCT_SORTS[q.sort ?? "newest"])
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
      ]);
      return {
        data: (rows as unknown as ProductRowFull[]).map(productDto),
        meta: PAGE(Number(counted?.total ?? 0), q),
      };
    },

    async getProduct(id: number): Promise<AdminProduct> {
      const found = await db.transaction(async (tx) => {
        await ensureImageRows(tx, id);
        return findProduct(id, tx);
      });
      if (!found) throw notFound("Product not found.");
      return found;
    },

    async createProduct(write: ProductWrite): Promise<AdminProduct> {
      const { values } = write;
      return db
        .transaction(async (tx) => {
          await requireCategory(tx, values.category_id);
          await requireBoxSweets(tx, values.box, null);
          const list = nextOptions(values, null) ?? [];
          const [row] = await tx
            .insert(products)
            .values({
              ...productColumns(values),
              ...weightColumns(values, list),
              sku: values.sku ?? generatedSku(),
            })
            .returning({ id: products.id });
          const id = Number(row!.id);
          await writeOptions(tx, id, list);
          await writeImages(tx, id, imageOrder(write, []));
          const created = (await findProduct(id, tx))!;
          await record(tx, {
            actorId: write.actorId,
            entity: "product",
            entityId: id,
            action: "create",
            changes: changesOnCreate(productAudit(created)),
          });
          return created;
        })
        .catch(skuTaken);
    },

    async updateProduct(id: number, write: ProductWrite): Promise<WriteResult<AdminProduct>> {
      const { values } = write;
      return db
        .transaction(async (tx) => {
          await ensureImageRows(tx, id);
          const before = await findProduct(id, tx);
          if (!before) throw notFound("Product not found.");
          await requireCategory(tx, values.category_id);
          await requireBoxSweets(tx, values.box, id);
          const current = before.weight_options.map((o) => ({
            grams: o.grams,
            priceCents: o.price === null ? null : toCents(o.price),
          }));
          const list = nextOptions(values, current);
          await tx
            .update(products)
            .set({
              ...productColumns(values),
              ...weightColumns(values, list),
              ...(values.sku ? { sku: values.sku } : {}),
              updatedAt: new Date(),
            })
            .where(eq(products.id, id));
          if (list !== current) await writeOptions(tx, id, list ?? []);
          const removedPaths = await writeImages(
            tx,
            id,
            imageOrder(write, await currentImages(tx, id)),
          );
          const after = (await findProduct(id, tx))!;
          await record(tx, {
            actorId: write.actorId,
            entity: "product",
            entityId: id,
            action: "update",
            changes: changesBetween(productAudit(before), productAudit(after)),
          });
          return { data: after, removedPaths };
        })
        .catch(skuTaken);
    },

    /**
     * A product on past orders is archived (hidden, out of the admin lists, 404 in the shop;
     * its order lines untouched); one that never sold is deleted with its options and images.
     */
    async deleteProduct(
      id: number,
      actorId: number | null,
    ): Promise<{ archived: boolean; removedPaths: string[] }> {
      return db.transaction(async (tx) => {
        await ensureImageRows(tx, id);
        const before = await findProduct(id, tx);
        if (!before) throw notFound("Product not found.");
        let removedPaths: string[] = [];
        if (before.sold) {
          await tx.insert(archivedProducts).values({ productId: id, archivedBy: actorId });
          await tx
            .update(products)
            .set({ active: false, updatedAt: new Date() })
            .where(eq(products.id, id));
        } else {
          removedPaths = (await currentImages(tx, id)).map((i) => i.path);
          await tx.delete(products).where(eq(products.id, id));
        }
        await record(tx, {
          actorId,
          entity: "product",
          entityId: id,
          action: "delete",
          changes: before.sold
            ? [{ field: "archived", before: false, after: true }]
            : changesOnDelete(productAudit(before)),
        });
        return { archived: before.sold, removedPaths };
      });
    },

    /** True while a product, a category or an image row still points at the file. */
    async imageInUse(path: string): Promise<boolean> {
      const checks = await Promise.all([
        db
          .select({ id: productImages.id })
          .from(productImages)
          .where(eq(productImages.path, path))
          .limit(1),
        db.select({ id: products.id }).from(products).where(eq(products.image, path)).limit(1),
        db
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.image, path))
          .limit(1),
      ]);
      return checks.some((rows) => rows.length > 0);
    },
  };
}
export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
