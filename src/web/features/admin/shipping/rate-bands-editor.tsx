import { type FieldError, get, type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import {
  MAX_RATES,
  type ShippingZoneInput,
  type ShippingZoneValues,
} from "../../../../shared/schemas/shipping.ts";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { rateBands } from "../../../lib/shipping-rates.ts";

export type ZoneForm = UseFormReturn<ShippingZoneInput, unknown, ShippingZoneValues>;

/** A new band's starting values: an open band (empty weight) at no fee yet. */
const EMPTY_RATE = { up_to_grams: "", fee: "" };

/**
 * The zone's rates by weight: ordered rows of "up to (grams)" and "fee", added and removed
 * one by one (1 to 20). The last row's weight may stay empty: an open band for any heavier
 * cart. The schema's errors land beside the row that breaks the order; a preview reads the
 * bands back in words.
 */
export function RateBandsEditor({ form }: { form: ZoneForm }) {
  const { t } = useTranslation("admin-shipping");
  const text = useMessageText();
  const lang = useLang();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "rates" });
  const rates = useWatch({ control: form.control, name: "rates" }) as
    | Array<{ up_to_grams?: unknown; fee?: unknown }>
    | undefined;
  const err = (name: string): FieldError | undefined => get(form.formState.errors, name);
  const listError = err("rates");

  return (
    <fieldset className="flex flex-col gap-3" data-testid="rate-bands">
      <legend className="font-semibold">{t("form.rates")}</legend>
      <p className="text-sm text-muted">{t("form.ratesHint")}</p>
      <ol className="flex flex-col gap-2">
        {fields.map((field, i) => (
          <li key={field.id} className="flex flex-wrap items-start gap-2" data-testid="rate-band">
            <span className="min-w-16 pt-8 text-sm font-semibold">
              {t("form.rate", { n: i + 1 })}
            </span>
            <Field
              className="w-40"
              label={t("form.upTo")}
              inputMode="numeric"
              dir="ltr"
              error={err(`rates.${i}.up_to_grams`)}
              {...form.register(`rates.${i}.up_to_grams`)}
            />
            <Field
              className="w-36"
              label={t("form.fee")}
              inputMode="decimal"
              dir="ltr"
              required
              error={err(`rates.${i}.fee`)}
              {...form.register(`rates.${i}.fee`)}
            />
            <button
              type="button"
              className="btn btn-outline mt-7"
              disabled={fields.length <= 1}
              aria-label={t("form.removeRate", { n: i + 1 })}
              onClick={() => remove(i)}
            >
              ✕
            </button>
          </li>
        ))}
      </ol>
      {listError?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {text(listError.message)}
        </p>
      ) : null}
      {fields.length < MAX_RATES ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => append(EMPTY_RATE)}
        >
          {t("form.addRate")}
        </button>
      ) : null}
      <BandsPreview rates={rates ?? []} lang={lang} />
    </fieldset>
  );
}

/** The bands as the storefront will read them, while the owner types (only well-formed rows). */
function BandsPreview({
  rates,
  lang,
}: {
  rates: ReadonlyArray<{ up_to_grams?: unknown; fee?: unknown }>;
  lang: "en" | "ar";
}) {
  const { t } = useTranslation("admin-shipping");
  const parsed = rates.map((rate) => {
    const up = String(rate.up_to_grams ?? "").trim();
    const fee = Number(
      String(rate.fee ?? "")
        .trim()
        .replace(",", "."),
    );
    return {
      up_to_grams: up === "" ? null : Number(up),
      fee,
    };
  });
  if (
    parsed.length === 0 ||
    parsed.some(
      (r) =>
        !Number.isFinite(r.fee) ||
        r.fee < 0 ||
        (r.up_to_grams !== null && !(Number.isInteger(r.up_to_grams) && r.up_to_grams > 0)),
    )
  )
    return null;
  return (
    <div className="rounded-md bg-cream p-3 text-sm" data-testid="rate-preview">
      <p className="font-semibold">{t("form.preview")}</p>
      <BandList rates={parsed} lang={lang} />
    </div>
  );
}

/** Bands in words, one per line: "Up to 1 kg — $25.00". */
export function BandList({
  rates,
  lang,
}: {
  rates: ReadonlyArray<{ up_to_grams: number | null; fee: number }>;
  lang: "en" | "ar";
}) {
  const { t } = useTranslation("admin-shipping");
  return (
    <ul className="flex flex-col gap-0.5">
      {rateBands(rates).map((band, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bands are ordered rows
        <li key={i} className="flex flex-wrap gap-x-2">
          <span>
            {band.kind === "any"
              ? t("band.any")
              : t(`band.${band.kind}`, { weight: optionLabel(band.grams, lang) })}
          </span>
          <span dir="ltr" className="tabular-nums font-semibold">
            {formatMoney(toCents(band.fee), lang)}
          </span>
        </li>
      ))}
    </ul>
  );
}
