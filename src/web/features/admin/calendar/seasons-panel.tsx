import { useState } from "react";
import { SEASON_MESSAGES } from "../../../../shared/domain/seasons.ts";
import type { SeasonDto } from "../../../../shared/schemas/calendar.ts";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import type { ApiError } from "../../../lib/api.ts";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useDeleteSeason } from "./api/delete-season.ts";
import { useSeasons } from "./api/list-seasons.ts";
import { useSaveSeason } from "./api/save-season.ts";

registerMessages(SEASON_MESSAGES, (id) => `admin-calendar:seasons.errors.${id}`);

type Draft = {
  name: string;
  name_ar: string;
  first_day: string;
  last_day: string;
  orders_open: string;
  /** Product numbers, comma-separated, as typed. */
  products: string;
};
const EMPTY: Draft = {
  name: "",
  name_ar: "",
  first_day: "",
  last_day: "",
  orders_open: "",
  products: "",
};
const draftOf = (s: SeasonDto): Draft => ({
  name: s.name,
  name_ar: s.name_ar,
  first_day: s.first_day,
  last_day: s.last_day,
  orders_open: s.orders_open,
  products: s.product_ids.join(", "),
});

/**
 * The seasons on the calendar screen (owner): each with its days, the Hijri dates, when
 * orders open and whether they are open now; a form adds one or edits the chosen one.
 */
export function SeasonsPanel() {
  const { t } = useTranslation("admin-calendar");
  const lang = useLang();
  const text = useMessageText();
  const toast = useToasts();
  const seasons = useSeasons();
  const save = useSaveSeason();
  const remove = useDeleteSeason();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  const errorOf = (name: string) => {
    const message =
      errors[name]?.[0] ??
      Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1][0];
    return message ? { message: text(message) } : undefined;
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    const ids = draft.products
      .split(/[,\s،]+/)
      .filter(Boolean)
      .map((id) => (/^\d+$/.test(id) ? Number(id) : id));
    try {
      await save.mutateAsync({
        id: editing,
        input: {
          name: draft.name,
          name_ar: draft.name_ar,
          first_day: draft.first_day,
          last_day: draft.last_day,
          orders_open: draft.orders_open,
          product_ids: ids as number[],
        },
      });
      toast.success(t("seasons.saved"));
      setEditing(null);
      setDraft(EMPTY);
    } catch (caught) {
      const error = caught as ApiError;
      setErrors(
        Object.keys(error.errors ?? {}).length > 0 ? error.errors : { form: [error.message] },
      );
    }
  }

  return (
    <section className="flex flex-col gap-3" data-testid="seasons">
      <h2 className="text-xl font-bold text-brown">{t("seasons.title")}</h2>
      <p className="text-sm text-muted">{t("seasons.intro")}</p>
      {seasons.data?.length === 0 ? <p>{t("seasons.none")}</p> : null}
      <ul className="flex flex-col gap-2">
        {seasons.data?.map((season) => (
          <li
            key={season.id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3"
            data-testid="season-row"
          >
            <span className="font-bold">{pickText(lang, season.name, season.name_ar)}</span>
            <span dir="ltr">
              {season.first_day} – {season.last_day}
            </span>
            <span className="text-sm text-muted">
              {season.hijri.first_day[lang]} – {season.hijri.last_day[lang]}
            </span>
            <span className="text-sm">
              {season.open ? t("seasons.open") : t("seasons.opens", { date: season.orders_open })}
            </span>
            <span className="ms-auto flex gap-2">
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => {
                  setEditing(season.id);
                  setDraft(draftOf(season));
                  setErrors({});
                }}
              >
                {t("seasons.edit")}
              </button>
              <button
                type="button"
                className="btn btn-outline"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(season.id, {
                    onSuccess: () => toast.success(t("seasons.deleted")),
                    onError: (error) => toast.error(text(error.message)),
                  })
                }
              >
                {t("seasons.delete")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2"
        data-testid="season-form"
      >
        <h3 className="font-bold sm:col-span-2">
          {editing === null ? t("seasons.add") : t("seasons.editing")}
        </h3>
        <Field label={t("seasons.name")} required error={errorOf("name")} {...field("name")} />
        <Field
          label={t("seasons.nameAr")}
          dir="rtl"
          error={errorOf("name_ar")}
          {...field("name_ar")}
        />
        <Field
          label={t("seasons.firstDay")}
          type="date"
          dir="ltr"
          required
          error={errorOf("first_day")}
          {...field("first_day")}
        />
        <Field
          label={t("seasons.lastDay")}
          type="date"
          dir="ltr"
          required
          error={errorOf("last_day")}
          {...field("last_day")}
        />
        <Field
          label={t("seasons.ordersOpen")}
          hint={t("seasons.ordersOpenHint")}
          type="date"
          dir="ltr"
          required
          error={errorOf("orders_open")}
          {...field("orders_open")}
        />
        <Field
          label={t("seasons.products")}
          hint={t("seasons.productsHint")}
          dir="ltr"
          inputMode="numeric"
          error={errorOf("product_ids")}
          {...field("products")}
        />
        {errors.form ? (
          <p role="alert" className="text-red-700 sm:col-span-2">
            {text(errors.form[0]!)}
          </p>
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("seasons.save")}
          </button>
          {editing !== null ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
                setErrors({});
              }}
            >
              {t("cancel")}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
