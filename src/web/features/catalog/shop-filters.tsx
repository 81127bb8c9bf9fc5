import { useId } from "react";
import { Link } from "react-router";
import { type ProductSort, SHOP_PAGE_SIZES, SORTS } from "../../../shared/domain/catalog.ts";
import { SHOP_FILTER_ALLERGENS } from "../../../shared/domain/shop-params.ts";
import type { CategoryDto } from "../../../shared/schemas/catalog.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { useShopParams } from "./use-shop-params.ts";

/** The category filter list, All by default. Links, so each filter has its own URL. */
export function CategoryFilter({
  categories,
  searchKey,
}: {
  categories: CategoryDto[];
  searchKey?: string;
}) {
  const { t } = useTranslation("shop");
  const lang = useLang();
  const { params, hrefFor } = useShopParams(searchKey);
  const active = params.category.toLowerCase();
  const items = [
    { key: "", label: t("allCategories") },
    ...categories.map((c) => ({ key: c.slug, label: pickText(lang, c.name, c.name_ar) })),
  ];
  const isActive = (key: string) =>
    key === ""
      ? active === ""
      : active === key || categories.some((c) => c.slug === key && String(c.id) === active);

  return (
    <nav aria-label={t("categories")}>
      <h2 className="mb-2 font-bold text-brown">{t("categories")}</h2>
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {items.map((item) => (
          <li key={item.key || "all"}>
            <Link
              to={hrefFor({ category: item.key })}
              preventScrollReset
              aria-current={isActive(item.key) ? "page" : undefined}
              className={`block rounded-full border px-4 py-1.5 font-semibold lg:rounded-lg ${
                isActive(item.key)
                  ? "border-gold-dark bg-gold-dark text-white"
                  : "border-line bg-white hover:border-gold-dark"
              }`}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * "Without …": allergens to leave out, each a link that toggles it, so every combination has
 * its own URL (and works before the page's JavaScript). Only products whose food information
 * says they are free of it, traces included, stay listed.
 */
export function WithoutFilter({ searchKey }: { searchKey?: string }) {
  const { t } = useTranslation("shop");
  const { params, hrefFor } = useShopParams(searchKey);
  const hintId = useId();
  return (
    <nav aria-label={t("without.title")} aria-describedby={hintId}>
      <h2 className="mb-2 font-bold text-brown">{t("without.title")}</h2>
      <p id={hintId} className="mb-2 text-xs text-muted">
        {t("without.hint")}
      </p>
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {SHOP_FILTER_ALLERGENS.map((allergen) => {
          const on = params.without.includes(allergen);
          const next = on
            ? params.without.filter((a) => a !== allergen)
            : [...params.without, allergen];
          return (
            <li key={allergen}>
              <Link
                to={hrefFor({ without: next })}
                preventScrollReset
                aria-current={on ? "true" : undefined}
                data-testid={`without-${allergen}`}
                className={`flex items-center gap-2 rounded-full border px-4 py-1.5 font-semibold lg:rounded-lg ${
                  on
                    ? "border-gold-dark bg-gold-dark text-white"
                    : "border-line bg-white hover:border-gold-dark"
                }`}
              >
                <span aria-hidden="true">{on ? "✓" : "○"}</span>
                {t(`without.${allergen}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Items per page (6/9/12/24) and the order; changing either starts again at page 1. */
export function ListControls({ searchKey }: { searchKey?: string }) {
  const { t } = useTranslation("shop");
  const { params, update } = useShopParams(searchKey);
  const sizeId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-semibold">
          {t("sort.label")}
        </label>
        <select
          id={sortId}
          value={params.sort ?? ""}
          onChange={(e) => update({ sort: (e.target.value || undefined) as ProductSort })}
          className="field w-auto py-1.5"
        >
          <option value="">{t(params.search ? "sort.relevance" : "sort.default")}</option>
          {SORTS.filter((s) => s !== "newest" || params.search).map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-sm font-semibold">
          {t("perPage")}
        </label>
        <select
          id={sizeId}
          value={params.perPage}
          onChange={(e) => update({ perPage: Number(e.target.value) })}
          className="field w-auto py-1.5"
          data-testid="per-page"
        >
          {SHOP_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
