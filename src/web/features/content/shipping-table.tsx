import { countryName } from "../../../shared/domain/countries.ts";
import type { ShippingTable as Table } from "../../../shared/domain/shipping-table.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";

const kg = (grams: number) => String(grams / 1000);

/**
 * The limits table, generated from checkout's own lists (shared/domain/shipping.ts): one row
 * per listed country, names in the current language.
 */
export function ShippingTable({ table }: { table: Table }) {
  const { t } = useTranslation("shipping");
  const lang = useLang();
  const collator = new Intl.Collator(lang);
  const byName = (codes: string[]) =>
    [...codes].sort((a, b) => collator.compare(countryName(a, lang), countryName(b, lang)));
  return (
    <section aria-labelledby="shipping-table-title" className="mt-12">
      <h2 id="shipping-table-title" className="text-2xl font-bold text-brown">
        {t("table.title")}
      </h2>
      <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
        <table className="w-full text-start" data-testid="shipping-table">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead className="bg-cream text-sm text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 text-start">
                {t("table.country")}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {t("table.rule")}
              </th>
            </tr>
          </thead>
          {table.limits.map((group) => (
            <tbody key={group.maxGrams} className="divide-y divide-line">
              <tr className="bg-gold/10">
                <th
                  colSpan={2}
                  scope="colgroup"
                  className="px-4 py-2 text-start font-bold text-brown"
                >
                  {t("table.limitTitle", { kg: kg(group.maxGrams) })}
                </th>
              </tr>
              {byName(group.countries.map((c) => c.code)).map((code) => {
                const refused = group.countries.find((c) => c.code === code)?.refused;
                return (
                  <tr
                    key={code}
                    data-country={code}
                    data-rule={refused ? "refused" : group.maxGrams}
                  >
                    <th scope="row" className="px-4 py-2 text-start font-normal">
                      {countryName(code, lang)}
                    </th>
                    <td className="px-4 py-2">
                      {refused ? t("table.stricter") : t("table.upTo", { kg: kg(group.maxGrams) })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
          <tbody className="divide-y divide-line">
            <tr className="bg-gold/10">
              <th
                colSpan={2}
                scope="colgroup"
                className="px-4 py-2 text-start font-bold text-brown"
              >
                {t("table.noShippingTitle", { count: table.noShipping.length })}
              </th>
            </tr>
            {byName(table.noShipping).map((code) => (
              <tr key={code} data-country={code} data-rule="refused">
                <th scope="row" className="px-4 py-2 text-start font-normal">
                  {countryName(code, lang)}
                </th>
                <td className="px-4 py-2">{t("table.noShipping")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-muted">{t("table.other")}</p>
    </section>
  );
}
