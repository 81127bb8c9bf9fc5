import { eq } from "drizzle-orm";
import {
  defaultShopSettings,
  type ShopSettings,
  shopSettingsSchema,
} from "../../../shared/schemas/settings.ts";
import type { ContentCache } from "../../cache/content-cache.ts";
import type { Db } from "../../db/client.ts";
import { settings } from "../../db/schema/settings.ts";

const SHOP_KEY = "shop";

export function createSettingsService(db: Db, deps: { cache: ContentCache }) {
  return {
    /**
     * Read on most pages, written rarely: served from the content cache, which any write to
     * the settings table (from any instance) invalidates. Read-only: never mutate the result.
     */
    get(): Promise<ShopSettings> {
      return deps.cache.get("settings:shop", async () => {
        const [row] = await db.select().from(settings).where(eq(settings.key, SHOP_KEY));
        // A stored value from an older shape is completed from the defaults, never trusted blindly.
        const parsed = shopSettingsSchema.safeParse({
          ...defaultShopSettings,
          ...(row?.value ?? {}),
        });
        return parsed.success ? parsed.data : defaultShopSettings;
      });
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
