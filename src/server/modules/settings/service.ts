import { eq } from "drizzle-orm";
import {
  defaultShopSettings,
  type ShopSettings,
  shopSettingsSchema,
} from "../../../shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { settings } from "../../db/schema/settings.ts";

const SHOP_KEY = "shop";

export function createSettingsService(db: Db) {
  // Read on most pages, written rarely: keep the parsed value and drop it on every write.
  let cached: ShopSettings | undefined;

  return {
    async get(): Promise<ShopSettings> {
      if (cached) return cached;
      const [row] = await db.select().from(settings).where(eq(settings.key, SHOP_KEY));
      // A stored value from an older shape is completed from the defaults, never trusted blindly.
      const parsed = shopSettingsSchema.safeParse({
        ...defaultShopSettings,
        ...(row?.value ?? {}),
      });
      cached = parsed.success ? parsed.data : defaultShopSettings;
      return cached;
    },

    async update(patch: Partial<ShopSettings>): Promise<ShopSettings> {
      const next = shopSettingsSchema.parse({ ...(await this.get()), ...patch });
      await db
        .insert(settings)
        .values({ key: SHOP_KEY, value: next })
        .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
      cached = next;
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
