import { eq } from "drizzle-orm";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { OFFLINE_PAYMENT_METHODS, type PaymentMethod } from "../../../shared/domain/payments.ts";
import {
  settingsAuditFields,
  settingsFromForm,
  settingsToForm,
} from "../../../shared/domain/settings.ts";
import { DOMESTIC_COUNTRY, type ShippingRules } from "../../../shared/domain/shipping.ts";
import {
  type AdminSettings,
  defaultShopSettings,
  type SettingsValues,
  type ShopSettings,
  shopSettingsSchema,
} from "../../../shared/schemas/settings.ts";
import type { ContentCache } from "../../cache/content-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { settings } from "../../db/schema/settings.ts";
import { shippingZones } from "../../db/schema/shipping.ts";
import { changesBetween, record } from "../audit/service.ts";
import { loadRules, ZONE_ENTITY } from "../shipping/service.ts";

const SHOP_KEY = "shop";

/**
 * The delivery fee is the domestic zone's first rate; the setting is kept in
 * step with it (the cart page's pre-country summary reads it). A save of the settings form
 * that changes it writes the zone too, and a zone save writes the setting
 * (`syncDomesticFeeSetting` in the shipping service): both screens edit one number.
 */
async function setDomesticFee(
  tx: Tx,
  rules: ShippingRules,
  feeCents: number,
  actorId: number | null,
): Promise<void> {
  const zone = rules.zones.find((z) => z.countries.includes(DOMESTIC_COUNTRY));
  if (!zone || zone.rates.length === 0) return;
  const rates = zone.rates.map((r, i) => (i === 0 ? { ...r, feeCents } : r));
  await tx
    .update(shippingZones)
    .set({ rates, updatedAt: new Date() })
    .where(eq(shippingZones.id, zone.id));
  await record(tx, {
    actorId,
    entity: ZONE_ENTITY,
    entityId: zone.id,
    action: "update",
    changes: changesBetween(
      { "rates.0.fee": centsToDollars(zone.rates[0]!.feeCents) },
      { "rates.0.fee": centsToDollars(feeCents) },
    ),
  });
}

/** A stored value from an older shape is completed from the defaults, never trusted blindly. */
function parseStored(value: unknown): ShopSettings {
  const parsed = shopSettingsSchema.safeParse({
    ...defaultShopSettings,
    ...((value as object | null) ?? {}),
  });
  return parsed.success ? parsed.data : defaultShopSettings;
}

async function readRow(executor: Db | Tx, lock = false) {
  const query = executor.select().from(settings).where(eq(settings.key, SHOP_KEY));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * The settings as a transaction sees them (not the cache): a write that must agree with the
 * settings of its own moment, like an order e-mail the owner may have just switched off.
 */
export async function readShopSettings(executor: Db | Tx): Promise<ShopSettings> {
  return parseStored((await readRow(executor))?.value);
}

export function createSettingsService(
  db: Db,
  deps: {
    cache: ContentCache;
    /** The payment methods this shop offers (card only with a configured gateway). */
    paymentMethods?: readonly PaymentMethod[];
  },
) {
  const paymentMethods = [...(deps.paymentMethods ?? OFFLINE_PAYMENT_METHODS)];
  return {
    /**
     * Read on most pages, written rarely: served from the content cache, which any write to
     * the settings table (from any instance) invalidates. Read-only: never mutate the result.
     */
    get(): Promise<ShopSettings> {
      return deps.cache.get("settings:shop", async () => parseStored((await readRow(db))?.value));
    },

    /** `GET /api/settings`'s body, built once per content version. */
    publicJson(): Promise<string> {
      return deps.cache.get("settings:public.json", async () => {
        // The order e-mail switches and the low-stock threshold are the owner's business, not
        // the storefront's.
        const {
          updated_at: _date,
          order_messages: _messages,
          review_request_days: _reviewDays,
          // The e-mails' opening sentences are the mail kit's, not the storefront's.
          mail_openings: _openings,
          low_stock_kg: _lowStock,
          gift_wrap_price: _wrapPrice,
          gift_wrap_offered: wrapOffered,
          // The invoices' seller and tax rate are printed on invoices, not shown in the shop.
          seller_legal_name: _legalName,
          seller_legal_name_ar: _legalNameAr,
          seller_address: _sellerAddress,
          seller_address_ar: _sellerAddressAr,
          seller_tax_number: _taxNumber,
          tax_rate_percent: _taxRate,
          invoice_due_reminders: _dueReminders,
          ...data
        } = settingsToForm(await this.get());
        // Gift wrapping as checkout needs it: its price, or null when not offered.
        const settings = await this.get();
        const giftWrap = wrapOffered ? centsToDollars(settings.giftWrapCents ?? 0) : null;
        return JSON.stringify({
          data: { ...data, gift_wrap_price: giftWrap, payment_methods: paymentMethods },
        });
      });
    },

    /** The settings screen's values, read fresh (never from the cache) with their date. */
    async adminGet(): Promise<AdminSettings> {
      const row = await readRow(db);
      return settingsToForm(parseStored(row?.value), row?.updatedAt ?? null);
    },

    /**
     * The settings screen's save: the whole form replaces the stored value, and the changed
     * fields go to the audit log in the same transaction. The settings table's content-version
     * trigger makes the storefront (cart summary, contact page, footer) show it at once.
     */
    async save(values: SettingsValues, actorId: number | null): Promise<AdminSettings> {
      let next: ShopSettings | undefined;
      const updatedAt = await db.transaction(async (tx) => {
        const before = parseStored((await readRow(tx, true))?.value);
        next = shopSettingsSchema.parse(settingsFromForm(values, before));
        if (next.deliveryFeeCents !== before.deliveryFeeCents)
          await setDomesticFee(tx, await loadRules(tx), next.deliveryFeeCents, actorId);
        const now = new Date();
        await tx
          .insert(settings)
          .values({ key: SHOP_KEY, value: next, updatedAt: now })
          .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
        await record(tx, {
          actorId,
          entity: "settings",
          entityId: SHOP_KEY,
          action: "update",
          changes: changesBetween(settingsAuditFields(before), settingsAuditFields(next)),
        });
        return now;
      });
      return settingsToForm(next!, updatedAt);
    },

    async update(patch: Partial<ShopSettings>): Promise<ShopSettings> {
      const next = shopSettingsSchema.parse({ ...(await this.get()), ...patch });
      await db
        .insert(settings)
        .values({ key: SHOP_KEY, value: next })
        .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
