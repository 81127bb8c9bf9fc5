import { useMemo, useState } from "react";
import { businessDate, weekdayOf } from "../../../../shared/domain/business-time.ts";
import type { CalendarDay } from "../../../../shared/schemas/calendar.ts";
import { useMessageText } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import type { ApiError } from "../../../lib/api.ts";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useCalendar } from "./api/list-calendar.ts";
import { useSaveCalendarDay } from "./api/save-calendar-day.ts";
import { SeasonsPanel } from "./seasons-panel.tsx";

/** "2026-12" -> the first and last day of that month, YYYY-MM-DD. */
function monthRange(month: string): { first: string; last: string } {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = `${month}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { first, last };
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

const kg = (grams: number) => (Math.round(grams / 100) / 10).toString();

/**
 * The kitchen's calendar (owner): a month at a time, each day's booked kilos against its
 * capacity, closed days marked; a day opens an editor to close or open it or to give it
 * another figure. Sunday first, as the settings number the weekdays; the grid follows the
 * page's direction, so in Arabic the week reads from the right.
 */
export function CalendarScreen({ today = businessDate(new Date()) }: { today?: string }) {
  const { t } = useTranslation("admin-calendar");
  const lang = useLang();
  const [month, setMonth] = useState(today.slice(0, 7));
  const { first, last } = monthRange(month);
  const calendar = useCalendar(first, last);
  const [editing, setEditing] = useState<CalendarDay | null>(null);
  const title = useMemo(
    () =>
      new Intl.DateTimeFormat(lang === "ar" ? "ar-SY" : "en-GB", {
        timeZone: "UTC",
        month: "long",
        year: "numeric",
        numberingSystem: "latn",
      }).format(new Date(`${first}T12:00:00Z`)),
    [first, lang],
  );
  const blanks = weekdayOf(first);
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
        <div className="ms-auto flex items-center gap-2">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            {t("previous")}
          </button>
          <p
            className="min-w-40 text-center font-bold"
            aria-live="polite"
            data-testid="calendar-month"
          >
            {title}
          </p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            {t("next")}
          </button>
        </div>
      </div>
      <p className="text-sm text-muted">{t("intro")}</p>
      {calendar.isError ? (
        <div role="alert" className="flex items-center gap-3">
          <p className="text-red-700">{t("failed")}</p>
          <button type="button" className="btn btn-outline" onClick={() => calendar.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : null}
      <div className="grid grid-cols-7 gap-1" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5, 6].map((d) => (
          <span key={d} className="p-1 text-center text-xs font-bold text-muted">
            {t(`weekdays.${d}`)}
          </span>
        ))}
      </div>
      <ol
        className="grid grid-cols-7 gap-1"
        aria-label={title}
        aria-busy={calendar.isFetching || undefined}
      >
        {Array.from({ length: blanks }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before the 1st have no identity
          <li key={`blank-${i}`} aria-hidden="true" />
        ))}
        {(calendar.data ?? []).map((day) => (
          <li key={day.date} className="flex">
            <DayCell day={day} past={day.date < today} onEdit={() => setEditing(day)} />
          </li>
        ))}
      </ol>
      {editing ? (
        <DayEditor key={editing.date} day={editing} onClose={() => setEditing(null)} />
      ) : null}
      <SeasonsPanel />
    </section>
  );
}

function DayCell({ day, past, onEdit }: { day: CalendarDay; past: boolean; onEdit: () => void }) {
  const { t } = useTranslation("admin-calendar");
  const lang = useLang();
  const full = day.capacity_grams !== null && day.booked_grams >= day.capacity_grams;
  const share =
    day.capacity_grams && day.capacity_grams > 0
      ? Math.min(100, Math.round((day.booked_grams / day.capacity_grams) * 100))
      : 0;
  const figure =
    day.capacity_grams === null
      ? t("bookedNoLimit", { booked: kg(day.booked_grams) })
      : t("booked", { booked: kg(day.booked_grams), capacity: kg(day.capacity_grams) });
  return (
    <button
      type="button"
      disabled={past}
      onClick={onEdit}
      data-testid="calendar-day"
      data-date={day.date}
      className={`flex min-h-24 w-full flex-col items-start gap-1 rounded-lg border p-2 text-start text-sm disabled:opacity-50 ${
        day.closed
          ? "border-line bg-cream"
          : full
            ? "border-red-700 bg-red-50"
            : "border-line bg-white"
      }`}
      aria-label={`${day.date}: ${day.closed ? t("closed") : figure}`}
    >
      <span className="font-bold" dir="ltr">
        {Number(day.date.slice(8))}
      </span>
      {day.closed ? (
        <span className="text-xs font-bold text-muted" data-testid="calendar-closed">
          {t("closed")}
        </span>
      ) : (
        <>
          <span className="text-xs" dir="auto" data-testid="calendar-figure">
            {figure}
          </span>
          {day.capacity_grams !== null ? (
            <span className="h-1.5 w-full rounded bg-line" aria-hidden="true">
              <span
                className={`block h-full rounded ${full ? "bg-red-700" : "bg-gold-dark"}`}
                style={{ inlineSize: `${share}%` }}
              />
            </span>
          ) : null}
        </>
      )}
      {day.season ? (
        <span className="text-xs font-bold text-gold-dark" data-testid="calendar-season">
          {pickText(lang, day.season.name, day.season.name_ar)}
        </span>
      ) : null}
      {day.orders > 0 ? (
        <span className="text-xs text-muted">{t("orders", { count: day.orders })}</span>
      ) : null}
      {day.override ? <span className="text-xs text-gold-dark">{t("changed")}</span> : null}
    </button>
  );
}

type ClosedChoice = "weekday" | "closed" | "open";

function DayEditor({ day, onClose }: { day: CalendarDay; onClose: () => void }) {
  const { t } = useTranslation("admin-calendar");
  const text = useMessageText();
  const toast = useToasts();
  const save = useSaveCalendarDay();
  const [closed, setClosed] = useState<ClosedChoice>(
    day.override?.closed === true ? "closed" : day.override?.closed === false ? "open" : "weekday",
  );
  const [capacity, setCapacity] = useState(
    day.override?.capacity_grams === null || day.override?.capacity_grams === undefined
      ? ""
      : kg(day.override.capacity_grams),
  );
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const figure = capacity.trim() === "" ? null : Number(capacity.replace(",", "."));
    if (figure !== null && (!Number.isFinite(figure) || figure < 0)) {
      setError(t("capacityInvalid"));
      return;
    }
    try {
      await save.mutateAsync({
        date: day.date,
        input: {
          closed: closed === "weekday" ? null : closed === "closed",
          // Kilos on the screen, whole grams in the API.
          capacity_grams: figure === null ? null : Math.round(figure * 1000),
        },
      });
      toast.success(t("saved"));
      onClose();
    } catch (caught) {
      setError(text((caught as ApiError).message));
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("editTitle", { date: day.date })}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" data-testid="calendar-editor">
        <fieldset className="flex flex-col gap-2">
          <legend className="font-semibold">{t("openLabel")}</legend>
          {(["weekday", "closed", "open"] as const).map((choice) => (
            <label key={choice} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="closed"
                value={choice}
                checked={closed === choice}
                onChange={() => setClosed(choice)}
              />
              {t(`choice.${choice}`)}
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t("capacity")}</span>
          <input
            className="input max-w-xs"
            inputMode="decimal"
            dir="ltr"
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            data-testid="calendar-capacity"
          />
          <span className="text-sm text-muted">{t("capacityHint")}</span>
        </label>
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </button>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
