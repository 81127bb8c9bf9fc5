import { asc, desc, eq, inArray } from "drizzle-orm";
import { normaliseSearchText } from "../../../shared/domain/arabic-search.ts";
import {
  filterDates,
  isSoldOutToday,
  type KitchenFilter,
  kitchenMenu,
  kitchenToday,
  soldOutValue,
} from "../../../shared/domain/kitchen.ts";
import {
  dishOrderDates,
  isOrderable,
  portionsLeft,
  showsSoldOut,
} from "../../../shared/domain/kitchen-slots.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import { responsiveImage, STORAGE_PREFIX, storageUrl } from "../../../shared/schemas/catalog.ts";
import type {
  AdminDish,
  DishUpdate,
  DishValues,
  KitchenDeliveryValues,
  KitchenMenuResponse,
} from "../../../shared/schemas/kitchen.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type KitchenDishRow, kitchenDishes } from "../../db/schema/kitchen.ts";
import { kitchenDishPortions } from "../../db/schema/kitchen-orders.ts";
import { settings } from "../../db/schema/settings.ts";
import { changesBetween, changesOnCreate, changesOnDelete, record } from "../audit/service.ts";
import { DELIVERY_KEY, readDelivery } from "./cart.ts";

/** The audit log's name for a kitchen dish. */
export const DISH_ENTITY = "dish";
/** The audit log's name for the dishes' delivery rules. */
export const DELIVERY_ENTITY = "kitchen_delivery";

/** The delivery rules as flat fields, so the audit log lists each change on its own. */
function flatDelivery(values: KitchenDeliveryValues): Record<string, unknown> {
  return {
    areas: values.areas.map((a) => `${a.name} / ${a.name_ar}: ${a.fee}`).join("; "),
    ...Object.fromEntries(Object.entries(values.slots).map(([k, v]) => [`slots.${k}`, v])),
    pickup_location: values.pickup_location,
    dish_discount: values.dish_discount,
    bank_transfer_same_day: values.bank_transfer_same_day,
  };
}

/** Public read cache: the mechanism of docs/conventions.md "Caches" (optional in tests). */
type Cache = { get<T>(key: string, load: () => Promise<T>): Promise<T> };

/** "/storage/kitchen/x.webp" is stored as the upload path "kitchen/x.webp"; URLs stay as they are. */
export function storedImage(image: string | null | undefined): string | null {
  if (!image) return null;
  return image.startsWith(STORAGE_PREFIX) ? image.slice(STORAGE_PREFIX.length) : image;
}

function imageFields(image: string | null) {
  return {
    image: image ? storageUrl(image) : null,
    image_set: responsiveImage(image),
  };
}

function soldOutDate(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function toAdminDish(row: KitchenDishRow, now: Date): AdminDish {
  return {
    id: Number(row.id),
    title: row.titleEn,
    title_ar: row.titleAr,
    description: row.descriptionEn,
    description_ar: row.descriptionAr,
    price: row.priceCents === null ? null : centsToDollars(row.priceCents),
    ...imageFields(row.image),
    weekdays: [...row.weekdays].map(Number).sort((a, b) => a - b),
    active: row.active,
    sold_out_today: isSoldOutToday(soldOutDate(row.soldOutOn), now),
    portions_per_day: row.portionsPerDay,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The fields the audit log compares: what the admin sees, not internal columns. */
function auditFields(dish: AdminDish) {
  const { id: _id, image_set: _set, created_at: _c, updated_at: _u, ...fields } = dish;
  return fields;
}

export type KitchenServiceOptions = {
  /** The clock (tests pass a fixed one); every business date is derived from it. */
  now?: () => Date;
  cache?: Cache;
};

export function createKitchenService(db: Db, opts: KitchenServiceOptions = {}) {
  const now = opts.now ?? (() => new Date());

  async function loadMenu(filter: KitchenFilter, at: Date): Promise<KitchenMenuResponse> {
    const rows = await db
      .select()
      .from(kitchenDishes)
      .where(eq(kitchenDishes.active, true))
      .orderBy(asc(kitchenDishes.id));
    const dishes = rows.map((row) => ({
      row,
      active: row.active,
      weekdays: row.weekdays.map(Number),
      soldOutOn: soldOutDate(row.soldOutOn),
    }));
    const orderDates = dishOrderDates(at);
    const sold = await db
      .select()
      .from(kitchenDishPortions)
      .where(inArray(kitchenDishPortions.day, filterDates(filter, at)));
    const soldOf = (id: number, day: string) =>
      sold.find((r) => r.dishId === id && r.day === day)?.sold ?? 0;
    const entries = kitchenMenu(dishes, filter, at).map((entry) => {
      const { row } = entry.dish;
      const first = entry.dates[0] as string;
      const left = portionsLeft(row.portionsPerDay, soldOf(row.id, first));
      const state = {
        active: row.active,
        priceCents: row.priceCents,
        cookedThatDay: true,
        soldOut: entry.soldOut,
        portionsLeft: left,
      };
      return {
        ...entry,
        soldOut: showsSoldOut(entry.soldOut, left),
        orderable: orderDates.includes(first) && isOrderable(state),
        left,
      };
    });
    const data = entries.map(({ dish: { row }, dates, soldOut, orderable, left }) => ({
      id: Number(row.id),
      title: row.titleEn,
      title_ar: row.titleAr,
      description: row.descriptionEn,
      description_ar: row.descriptionAr,
      price: row.priceCents === null ? null : centsToDollars(row.priceCents),
      ...imageFields(row.image),
      sold_out: soldOut,
      orderable,
      portions_left: left,
      dates,
    }));
    return { data, meta: { filter, today: kitchenToday(at), dates: filterDates(filter, at) } };
  }

  async function findRow(tx: Db | Tx, id: number): Promise<KitchenDishRow | null> {
    const [row] = await tx.select().from(kitchenDishes).where(eq(kitchenDishes.id, id));
    return row ?? null;
  }

  return {
    /**
     * The public menu of a filter. Cached under the business date as well as the content
     * version: midnight in Damascus changes "today" (and sold-out) without any write.
     */
    menu(filter: KitchenFilter): Promise<KitchenMenuResponse> {
      const at = now();
      if (!opts.cache) return loadMenu(filter, at);
      return opts.cache.get(`kitchen:${filter}:${kitchenToday(at)}`, () => loadMenu(filter, at));
    },

    /** Every dish, newest first, optionally matching a search in either language. */
    async list(search?: string): Promise<AdminDish[]> {
      const at = now();
      const rows = await db
        .select()
        .from(kitchenDishes)
        .orderBy(desc(kitchenDishes.createdAt), desc(kitchenDishes.id));
      const dishes = rows.map((row) => toAdminDish(row, at));
      const needle = normaliseSearchText(search?.trim() ?? "");
      if (!needle) return dishes;
      // A kitchen has tens of dishes: matching in memory keeps Arabic folding identical to
      // the storefront's without a search column.
      return dishes.filter((d) =>
        normaliseSearchText(
          `${d.title} ${d.title_ar} ${d.description} ${d.description_ar}`,
        ).includes(needle),
      );
    },

    async get(id: number): Promise<AdminDish | null> {
      const row = await findRow(db, id);
      return row ? toAdminDish(row, now()) : null;
    },

    async create(values: DishValues, actorId: number | null): Promise<AdminDish> {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(kitchenDishes)
          .values({
            titleEn: values.title,
            titleAr: values.title_ar,
            descriptionEn: values.description,
            descriptionAr: values.description_ar,
            priceCents: values.price === null ? null : toCents(values.price),
            image: storedImage(values.image),
            weekdays: values.weekdays,
            active: values.active,
            soldOutOn: soldOutValue(values.sold_out_today, at),
            portionsPerDay: values.portions_per_day,
          })
          .returning();
        const dish = toAdminDish(row as KitchenDishRow, at);
        await record(tx, {
          actorId,
          entity: DISH_ENTITY,
          entityId: dish.id,
          action: "create",
          changes: changesOnCreate(auditFields(dish)),
        });
        return dish;
      });
    },

    /** Null when there is no such dish. Only the fields given change. */
    async update(
      id: number,
      patch: DishUpdate,
      actorId: number | null,
    ): Promise<{ dish: AdminDish; replacedImage: string | null } | null> {
      const at = now();
      return db.transaction(async (tx) => {
        // Row lock: two admins saving at once are recorded one after the other.
        const [current] = await tx
          .select()
          .from(kitchenDishes)
          .where(eq(kitchenDishes.id, id))
          .for("update");
        if (!current) return null;
        const set: Partial<typeof kitchenDishes.$inferInsert> = { updatedAt: new Date() };
        if (patch.title !== undefined) set.titleEn = patch.title;
        if (patch.title_ar !== undefined) set.titleAr = patch.title_ar;
        if (patch.description !== undefined) set.descriptionEn = patch.description;
        if (patch.description_ar !== undefined) set.descriptionAr = patch.description_ar;
        if (patch.price !== undefined)
          set.priceCents = patch.price === null ? null : toCents(patch.price);
        if (patch.image !== undefined) set.image = storedImage(patch.image);
        if (patch.weekdays !== undefined) set.weekdays = patch.weekdays;
        if (patch.active !== undefined) set.active = patch.active;
        if (patch.portions_per_day !== undefined) set.portionsPerDay = patch.portions_per_day;
        if (patch.sold_out_today !== undefined) {
          set.soldOutOn = soldOutValue(patch.sold_out_today, at);
        }
        const [row] = await tx
          .update(kitchenDishes)
          .set(set)
          .where(eq(kitchenDishes.id, id))
          .returning();
        const before = toAdminDish(current, at);
        const dish = toAdminDish(row as KitchenDishRow, at);
        await record(tx, {
          actorId,
          entity: DISH_ENTITY,
          entityId: id,
          action: "update",
          changes: changesBetween(auditFields(before), auditFields(dish)),
        });
        const replacedImage =
          current.image && current.image !== (row as KitchenDishRow).image ? current.image : null;
        return { dish, replacedImage };
      });
    },

    /** The deleted dish's stored image (for the caller to remove), or false when there was none. */
    async remove(id: number, actorId: number | null): Promise<{ image: string | null } | false> {
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(kitchenDishes).where(eq(kitchenDishes.id, id)).returning();
        if (!row) return false;
        await record(tx, {
          actorId,
          entity: DISH_ENTITY,
          entityId: id,
          action: "delete",
          changes: changesOnDelete(auditFields(toAdminDish(row, at))),
        });
        return { image: row.image };
      });
    },

    /** Demo dishes for a new shop (seed step); nothing happens once any dish exists. */
    async seedDemo(): Promise<void> {
      const [existing] = await db.select({ id: kitchenDishes.id }).from(kitchenDishes).limit(1);
      if (existing) return;
      const demo = " (Demo dish: edit or delete it in the back office.)";
      const demoAr = " (طبق تجريبي: عدّله أو احذفه من لوحة الإدارة.)";
      const dishes = [
        [
          "Lentil soup",
          "شوربة عدس",
          "Red lentils, cumin and lemon.",
          "عدس أحمر مع الكمون والليمون.",
          350,
          [],
        ],
        [
          "Fattoush salad",
          "سلطة فتوش",
          "Garden vegetables, sumac and toasted bread.",
          "خضار طازجة وسماق وخبز محمص.",
          400,
          [],
        ],
        [
          "Kibbeh bil sanieh",
          "كبة بالصينية",
          "Baked layers of bulgur and spiced meat.",
          "طبقات من البرغل واللحم المتبل في الفرن.",
          800,
          [1, 3, 5],
        ],
        [
          "Molokhia with chicken",
          "ملوخية بالدجاج",
          "Served with vermicelli rice.",
          "تقدم مع رز بالشعيرية.",
          950,
          [0, 2, 4],
        ],
        [
          "Mansaf",
          "منسف",
          "Lamb in jameed sauce over rice.",
          "لحم غنم بصلصة الجميد على الرز.",
          1200,
          [5],
        ],
        [
          "Maqluba",
          "مقلوبة",
          "Upside-down rice with aubergine and chicken.",
          "رز مقلوب مع الباذنجان والدجاج.",
          1000,
          [6],
        ],
      ] as const;
      await db.insert(kitchenDishes).values(
        dishes.map(([titleEn, titleAr, descriptionEn, descriptionAr, priceCents, weekdays]) => ({
          titleEn,
          titleAr,
          descriptionEn: descriptionEn + demo,
          descriptionAr: descriptionAr + demoAr,
          priceCents,
          weekdays: [...weekdays],
        })),
      );
    },

    /** The owner's delivery rules for dishes (areas, slots), the defaults until saved. */
    delivery(): Promise<KitchenDeliveryValues> {
      return readDelivery(db);
    },

    /** Saves the delivery rules; the audit log keeps what changed. */
    async saveDelivery(
      values: KitchenDeliveryValues,
      actorId: number | null,
    ): Promise<KitchenDeliveryValues> {
      return db.transaction(async (tx) => {
        // Row lock (or the key's insert): two saves at once are recorded one after the other.
        const [current] = await tx
          .select()
          .from(settings)
          .where(eq(settings.key, DELIVERY_KEY))
          .for("update");
        const before = await readDelivery(tx);
        if (current) {
          await tx
            .update(settings)
            .set({ value: values, updatedAt: new Date() })
            .where(eq(settings.key, DELIVERY_KEY));
        } else {
          await tx
            .insert(settings)
            .values({ key: DELIVERY_KEY, value: values })
            .onConflictDoUpdate({
              target: settings.key,
              set: { value: values, updatedAt: new Date() },
            });
        }
        await record(tx, {
          actorId,
          entity: DELIVERY_ENTITY,
          entityId: 1,
          action: "update",
          changes: changesBetween(flatDelivery(before), flatDelivery(values)),
        });
        return values;
      });
    },

    /** Whether another dish still shows this stored image (the same upload hashes the same). */
    async imageInUse(image: string): Promise<boolean> {
      const [row] = await db
        .select({ id: kitchenDishes.id })
        .from(kitchenDishes)
        .where(eq(kitchenDishes.image, image))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type KitchenService = ReturnType<typeof createKitchenService>;
