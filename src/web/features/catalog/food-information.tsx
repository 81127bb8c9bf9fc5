import { useTranslation } from "../../i18n/translator.tsx";

/**
 * A product's food information as the page shows it, already in the page's language (built
 * on the server by food-view.server.ts): the ingredients as [text, is an allergen] parts.
 */
export type FoodView = {
  ingredients: [text: string, allergen: boolean][];
  ingredientsDir: "ltr" | "rtl";
  contains: string[];
  traces: string[];
  shelfLifeDays: number | null;
  storage: string;
  nutrition: {
    energy_kj: number;
    energy_kcal: number;
    fat: number;
    saturates: number;
    carbohydrate: number;
    sugars: number;
    protein: number;
    salt: number;
  } | null;
  origin: string;
  hsCode: string;
};

const GRAM_ROWS = [
  ["fat", false],
  ["saturates", true],
  ["carbohydrate", false],
  ["sugars", true],
  ["protein", false],
  ["salt", false],
] as const;

/**
 * What EU rules ask a shop to show before a food is bought at a distance: ingredients with the
 * allergens in bold (as on the label), "contains" and "may contain traces of", shelf life and
 * storage, nutrition per 100 g, origin. A product without it says so, not an empty box.
 */
export function FoodInformation({ food }: { food: FoodView | null }) {
  const { t } = useTranslation("product");
  if (!food) {
    return (
      <section
        aria-labelledby="food-title"
        className="mt-6 rounded-xl border border-line bg-white p-4 text-sm"
        data-testid="food-information"
      >
        <h2 id="food-title" className="font-bold text-brown">
          {t("food.title")}
        </h2>
        <p className="mt-1 text-muted">{t("food.none")}</p>
      </section>
    );
  }
  const number = (n: number) => <span dir="ltr">{n}</span>;
  return (
    <section
      aria-labelledby="food-title"
      className="mt-6 space-y-3 rounded-xl border border-line bg-white p-4 text-sm"
      data-testid="food-information"
    >
      <h2 id="food-title" className="font-bold text-brown">
        {t("food.title")}
      </h2>
      {food.ingredients.length > 0 ? (
        <div>
          <h3 className="font-semibold">{t("food.ingredients")}</h3>
          <p dir={food.ingredientsDir} className="text-start" data-testid="food-ingredients">
            {food.ingredients.map(([text, allergen], i) =>
              allergen ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
                <strong key={i}>{text}</strong>
              ) : (
                text
              ),
            )}
          </p>
        </div>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">{t("food.contains")}</dt>
        <dd data-testid="food-contains">
          {food.contains.length > 0
            ? food.contains.join(t("food.listSeparator"))
            : t("food.noAllergens")}
        </dd>
        {food.traces.length > 0 ? (
          <>
            <dt className="font-semibold">{t("food.traces")}</dt>
            <dd data-testid="food-traces">{food.traces.join(t("food.listSeparator"))}</dd>
          </>
        ) : null}
        {food.shelfLifeDays !== null ? (
          <>
            <dt className="font-semibold">{t("food.shelfLife")}</dt>
            <dd>{t("food.days", { count: food.shelfLifeDays })}</dd>
          </>
        ) : null}
        {food.storage ? (
          <>
            <dt className="font-semibold">{t("food.storage")}</dt>
            <dd>{food.storage}</dd>
          </>
        ) : null}
        {food.origin ? (
          <>
            <dt className="font-semibold">{t("food.origin")}</dt>
            <dd>{food.origin}</dd>
          </>
        ) : null}
        {food.hsCode ? (
          <>
            <dt className="font-semibold">{t("food.hsCode")}</dt>
            <dd dir="ltr" className="text-start">
              {food.hsCode}
            </dd>
          </>
        ) : null}
      </dl>
      {food.nutrition ? (
        <table className="w-full border-collapse text-start">
          <caption className="text-start font-semibold">{t("food.nutrition")}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-1 text-start font-normal text-muted">
                {t("food.per100g")}
              </th>
              <th scope="col" className="py-1 text-end font-normal text-muted">
                {t("food.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-line">
              <th scope="row" className="py-1 text-start font-normal">
                {t("food.energy")}
              </th>
              <td className="py-1 text-end">
                {number(food.nutrition.energy_kj)} {t("food.kj")} /{" "}
                {number(food.nutrition.energy_kcal)} {t("food.kcal")}
              </td>
            </tr>
            {GRAM_ROWS.map(([key, sub]) => (
              <tr key={key} className="border-b border-line">
                <th scope="row" className={`py-1 text-start font-normal ${sub ? "ps-4" : ""}`}>
                  {t(`food.${key}`)}
                </th>
                <td className="py-1 text-end">
                  {number(food.nutrition![key])} {t("food.g")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
