import { useId, useMemo, useState } from "react";
import { countriesByName, countryName } from "../../../../shared/domain/countries.ts";
import type { Lang } from "../../../../shared/domain/money.ts";
import { registerCountryNames, useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

type Props = {
  legend: string;
  /** ISO 3166-1 alpha-2 codes, in the order the owner added them. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  lang: Lang;
  /** The list's error (a server's or the schema's), shown under it. */
  error?: string;
  testId?: string;
};

// The zone rules' sentences name a country ("Qatar is already in the zone …"): name it in the
// reader's language wherever the zone forms are (the table stays out of other pages' scripts).
const codeByEnglishName = new Map(countriesByName("en").map((c) => [c.en, c.code]));
registerCountryNames((name, lang) => {
  const code = codeByEnglishName.get(name);
  return code ? countryName(code, lang) : name;
});

/**
 * A list of countries: a select of every country by name (the admin's language) with an Add
 * button, and the chosen ones as removable chips. Codes travel, names show.
 */
export function CountryListField({ legend, value, onChange, lang, error, testId }: Props) {
  const { t } = useTranslation("admin-shipping");
  const text = useMessageText();
  const id = useId();
  const [choice, setChoice] = useState("");
  const options = useMemo(() => countriesByName(lang), [lang]);
  const chosen = new Set(value);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return [...value].sort((a, b) => collator.compare(countryName(a, lang), countryName(b, lang)));
  }, [value, lang]);
  const add = () => {
    if (!choice || chosen.has(choice)) return;
    onChange([...value, choice]);
    setChoice("");
  };
  return (
    <fieldset
      className="flex flex-col gap-2"
      data-testid={testId}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="font-semibold">
        {legend}{" "}
        <span className="text-sm font-normal text-muted">
          ({t("countries.count", { count: value.length })})
        </span>
      </legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-choice`} className="text-sm">
            {t("countries.choose")}
          </label>
          <select
            id={`${id}-choice`}
            className="field"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }}
          >
            <option value="">{t("countries.placeholder")}</option>
            {options.map((country) => (
              <option key={country.code} value={country.code} disabled={chosen.has(country.code)}>
                {country[lang]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-outline" onClick={add} disabled={!choice}>
          {t("countries.add")}
        </button>
      </div>
      {sorted.length === 0 ? (
        <p className="text-sm text-muted">{t("countries.none")}</p>
      ) : (
        <ul className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
          {sorted.map((code) => (
            <li
              key={code}
              data-country={code}
              className="inline-flex items-center gap-1 rounded-full bg-cream py-0.5 ps-3 pe-1 text-sm"
            >
              {countryName(code, lang)}
              <button
                type="button"
                className="rounded-full px-1.5 hover:bg-line"
                aria-label={t("countries.remove", { name: countryName(code, lang) })}
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" data-testid="field-error">
          {text(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
