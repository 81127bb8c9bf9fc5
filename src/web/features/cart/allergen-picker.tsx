import { useEffect, useState } from "react";
import {
  ALLERGENS,
  type Allergen,
  allergenLabel,
  avoidedIn,
  isAllergen,
  rollupAllergens,
} from "../../../shared/domain/food.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import type { FoodDto } from "../../../shared/schemas/food.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiGet } from "../../lib/api.ts";

/** Where the browser remembers the allergens its shopper avoids (nothing else is kept). */
export const AVOID_STORAGE_KEY = "avoid-allergens";

export type LineMark = { contains: string[]; traces: string[]; unknown: boolean };
type Line = { key: string; productIds: number[] };

export function readAvoided(): Allergen[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(AVOID_STORAGE_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((c): c is Allergen => isAllergen(String(c))) : [];
  } catch {
    return [];
  }
}

function storeAvoided(codes: readonly Allergen[]): void {
  try {
    if (codes.length) window.localStorage.setItem(AVOID_STORAGE_KEY, JSON.stringify(codes));
    else window.localStorage.removeItem(AVOID_STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** Each product's food information, from the public product read (cached per version there). */
async function foodsOf(ids: readonly number[]): Promise<Map<number, FoodDto | null>> {
  const pairs = await Promise.all(
    ids.map(async (id) => {
      try {
        const body = await apiGet<{ data: { food: FoodDto | null } }>(`/api/products/${id}`);
        return [id, body.data.food] as const;
      } catch {
        return [id, null] as const;
      }
    }),
  );
  return new Map(pairs);
}

/**
 * "Allergens I avoid" under the cart: the shopper ticks any of the EU's 14, remembered in this
 * browser, and each line holding one (a box: any of its sweets) is marked, contained or as a
 * trace, or as having no food information. Its own chunk, loaded after the cart: the page's
 * first script stays within its budget, and shoppers who avoid nothing fetch nothing.
 */
export default function AllergenPicker({
  lines,
  lang,
  onMarks,
}: {
  lines: readonly Line[];
  lang: Lang;
  onMarks: (marks: Record<string, LineMark>) => void;
}) {
  const { t } = useTranslation("cart");
  const [avoid, setAvoid] = useState<Allergen[]>(() => readAvoided());
  const ids = [...new Set(lines.flatMap((l) => l.productIds))].sort((a, b) => a - b);
  const idsKey = ids.join(",");
  const linesKey = lines.map((l) => `${l.key}=${l.productIds.join("+")}`).join("|");

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the lines' and ids' text
  useEffect(() => {
    if (avoid.length === 0 || ids.length === 0) {
      onMarks({});
      return;
    }
    let live = true;
    foodsOf(ids).then((foods) => {
      if (!live) return;
      const marks: Record<string, LineMark> = {};
      for (const line of lines) {
        const found = avoidedIn(
          rollupAllergens(line.productIds.map((id) => foods.get(id) ?? null)),
          avoid,
        );
        if (found.contains.length || found.traces.length || found.unknown)
          marks[line.key] = {
            contains: found.contains.map((a) => allergenLabel(a, lang)),
            traces: found.traces.map((a) => allergenLabel(a, lang)),
            unknown: found.unknown,
          };
      }
      onMarks(marks);
    });
    return () => {
      live = false;
    };
  }, [avoid.join(","), idsKey, linesKey, lang]);

  const toggle = (code: Allergen, on: boolean) => {
    const next = ALLERGENS.filter((a) => (a === code ? on : avoid.includes(a)));
    setAvoid(next);
    storeAvoided(next);
  };

  return (
    <details className="mt-4 rounded-lg border border-line bg-white p-3" open={avoid.length > 0}>
      <summary className="cursor-pointer font-semibold">
        {t("avoid.title")}
        {avoid.length ? ` (${avoid.length})` : ""}
      </summary>
      <fieldset className="mt-2">
        <legend className="text-sm text-muted">{t("avoid.hint")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ALLERGENS.map((code) => (
            <label key={code} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-gold-dark"
                checked={avoid.includes(code)}
                onChange={(e) => toggle(code, e.currentTarget.checked)}
              />
              {allergenLabel(code, lang)}
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}
