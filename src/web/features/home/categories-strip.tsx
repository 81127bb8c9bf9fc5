import { Link } from "react-router";
import { CATEGORY_SLUGS } from "../../../shared/domain/catalog.ts";
import type { CategoryDto, CategorySlug } from "../../../shared/schemas/catalog.ts";
import { type ImageSource, ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";

/**
 * Three cards (baklava, sweets, maamoul), each opening the shop filtered to it. The
 * description shows on hover (and keyboard focus) only where the current language has one.
 */
export function CategoriesStrip({
  categories,
  images,
}: {
  categories: CategoryDto[];
  images: Record<CategorySlug, ImageSource>;
}) {
  const paths = usePaths();
  const { t } = useTranslation("home");
  const lang = useLang();
  return (
    <section aria-labelledby="categories-title" className="container-page py-16">
      <h2 id="categories-title" className="text-center text-3xl font-bold text-brown">
        {t("categories.title")}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {CATEGORY_SLUGS.map((slug) => {
          const category = categories.find((c) => c.slug === slug);
          const title = category
            ? pickText(lang, category.name, category.name_ar)
            : t(`categories.${slug}`);
          const description = lang === "ar" ? category?.description_ar : category?.description;
          return (
            <li key={slug}>
              <Link
                to={paths.shop({ category: slug })}
                className="group relative block aspect-[4/3] overflow-hidden rounded-2xl bg-line"
                data-testid={`category-${slug}`}
              >
                <ResponsiveImage
                  image={images[slug]}
                  url={category?.image_url}
                  alt=""
                  sizes="(min-width: 1280px) 410px, (min-width: 768px) 33vw, 100vw"
                  className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
                />
                <span className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/75 via-black/20 to-transparent p-5 text-white">
                  <span className="text-2xl font-bold">{title}</span>
                  {description?.trim() ? (
                    <span className="mt-1 line-clamp-3 max-h-0 opacity-0 transition-all duration-300 group-hover:max-h-24 group-hover:opacity-100 group-focus-visible:max-h-24 group-focus-visible:opacity-100">
                      {description}
                    </span>
                  ) : null}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
