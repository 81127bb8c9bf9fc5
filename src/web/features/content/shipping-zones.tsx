import { countryName } from "../../../shared/domain/countries.ts";
import { formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { PublicShipping } from "../../../shared/schemas/shipping.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { rateBands } from "../../lib/shipping-rates.ts";

/** Zones with more countries than this fold their list (the rest of the world has ~190). */
const FOLD_AFTER = 12;

function byName(codes: readonly string[], lang: Lang): string[] {
  const collator = new Intl.Collator(lang);
  return codes.map((code) => countryName(code, lang)).sort(collator.compare);
}

/**
 * The zones, caps, rates and refused countries from the very rows checkout quotes from
 * (one source of truth), names in the reader's language, money in Latin digits.
 */
export function ShippingZones({ shipping }: { shipping: PublicShipping }) {
  const { t } = useTranslation("shipping");
  const lang = useLang();
  const separator = lang === "ar" ? "، " : ", ";
  return (
    <>
      <section aria-labelledby="shipping-zones-title" className="mt-12">
        <h2 id="shipping-zones-title" className="text-2xl font-bold text-brown">
          {t("zones.title")}
        </h2>
        <p className="mt-2 text-muted">{t("zones.intro")}</p>
        <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-start" data-testid="shipping-table">
            <caption className="sr-only">{t("zones.caption")}</caption>
            <thead className="bg-cream text-sm text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 text-start">
                  {t("zones.zone")}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t("zones.countries")}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t("zones.cap")}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t("zones.rates")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line align-top">
              {shipping.zones.map((zone) => {
                const names = byName(zone.countries, lang);
                return (
                  <tr key={zone.id} data-zone={zone.id} data-countries={zone.countries.join(" ")}>
                    <th scope="row" className="px-4 py-3 text-start font-bold text-brown">
                      {pickText(lang, zone.name, zone.name_ar)}
                    </th>
                    <td className="px-4 py-3">
                      {names.length > FOLD_AFTER ? (
                        <details>
                          <summary className="cursor-pointer text-gold-dark">
                            {t("zones.countriesCount", { count: names.length })}
                          </summary>
                          <p className="mt-2 text-sm">{names.join(separator)}</p>
                        </details>
                      ) : (
                        names.join(separator)
                      )}
                    </td>
                    <td className="px-4 py-3" data-testid="zone-cap">
                      {zone.max_grams === null
                        ? t("zones.noCap")
                        : t("zones.capValue", { weight: optionLabel(zone.max_grams, lang) })}
                    </td>
                    <td className="px-4 py-3">
                      <ul data-testid="zone-rates">
                        {rateBands(zone.rates).map((band, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: bands are ordered rows
                          <li key={i} className="flex flex-wrap gap-x-2">
                            <span>
                              {band.kind === "any"
                                ? t("zones.band.any")
                                : t(`zones.band.${band.kind}`, {
                                    weight: optionLabel(band.grams, lang),
                                  })}
                            </span>
                            <span dir="ltr" className="font-semibold tabular-nums">
                              {formatMoney(toCents(band.fee), lang)}
                            </span>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="shipping-refused-title" className="mt-10">
        <h2 id="shipping-refused-title" className="text-2xl font-bold text-brown">
          {t("zones.refusedTitle", { count: shipping.refused.length })}
        </h2>
        <ul
          className="mt-4 grid gap-x-6 gap-y-1 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 md:grid-cols-3"
          data-testid="shipping-refused"
        >
          {shipping.refused
            .map((code) => ({ code, name: countryName(code, lang) }))
            .sort((a, b) => new Intl.Collator(lang).compare(a.name, b.name))
            .map(({ code, name }) => (
              <li key={code} data-country={code}>
                {name}
              </li>
            ))}
        </ul>
        <p className="mt-4 text-muted">{t("zones.other")}</p>
      </section>
    </>
  );
}
