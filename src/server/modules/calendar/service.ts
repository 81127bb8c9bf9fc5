import { and, eq, gte, lte } from "drizzle-orm";
import { addDays, businessDate, weekdayOf } from "../../../shared/domain/business-time.ts";
import { CAPACITY_MESSAGES, dayCapacity } from "../../../shared/domain/ready-days.ts";
import { type Season, seasonOfDay } from "../../../shared/domain/seasons.ts";
import type { CalendarDay, CalendarDayInput } from "../../../shared/schemas/calendar.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { calendarDays } from "../../db/schema/calendar.ts";
import { HttpError } from "../../http-errors.ts";
import { changesBetween, record } from "../audit/service.ts";
import { bookedBetween } from "./capacity.ts";

/** The audit log's name for a day of the kitchen's calendar (the history screen filters on it). */
export const CALENDAR_ENTITY = "calendar_day";

type Settings = { get(): Promise<ShopSettings> };
type Seasons = () => Promise<Season[]>;

const seasonLabel = (season: Season | null) =>
  season ? { id: season.id, name: season.nameEn, name_ar: season.nameAr } : null;

/** A date's override as the history shows it: the form's fields, "as the weekday" for none. */
function auditFields(row: { closed: boolean | null; capacityGrams: number | null } | undefined) {
  return {
    closed: row?.closed ?? "as the weekday",
    capacity_grams: row?.capacityGrams ?? "as the weekday",
  };
}

export function createCalendarService(db: Db, deps: { settings: Settings; seasons: Seasons }) {
  return {
    /**
     * `GET /api/admin/calendar`: each day from `from` to `to` with its capacity (the date's own
     * figure, else the weekday's), whether it is closed, and what the orders ready that day hold.
     */
    async list(from: string, to: string): Promise<CalendarDay[]> {
      const [settings, rows, booked, seasons] = await Promise.all([
        deps.settings.get(),
        db
          .select()
          .from(calendarDays)
          .where(and(gte(calendarDays.day, from), lte(calendarDays.day, to))),
        bookedBetween(db, from, to),
        deps.seasons(),
      ]);
      const overrides = new Map(
        rows.map((r) => [r.day, { closed: r.closed, capacityGrams: r.capacityGrams }]),
      );
      const rules = {
        closedWeekdays: settings.deliveryClosedWeekdays,
        weekdayCapacity: settings.capacityGramsByWeekday,
        overrides,
      };
      const days: CalendarDay[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const capacity = dayCapacity(day, rules);
        const override = overrides.get(day);
        days.push({
          date: day,
          weekday: weekdayOf(day),
          capacity_grams: capacity.capacityGrams,
          booked_grams: booked.get(day)?.grams ?? 0,
          orders: booked.get(day)?.orders ?? 0,
          closed: capacity.closed,
          override: override
            ? { closed: override.closed, capacity_grams: override.capacityGrams }
            : null,
          season: seasonLabel(seasonOfDay(seasons, day)),
        });
      }
      return days;
    },

    /**
     * `PUT /api/admin/calendar/{date}`: close, open or give another figure to one day from today
     * on (a past day is a 422). A field left out keeps its value; both back to the weekday
     * remove the date's row. Audited in the same transaction.
     */
    async setDay(
      day: string,
      input: CalendarDayInput,
      actorId: number,
      now = new Date(),
    ): Promise<CalendarDay> {
      if (day < businessDate(now))
        throw new HttpError(422, CAPACITY_MESSAGES.DAY_PAST, {
          date: [CAPACITY_MESSAGES.DAY_PAST],
        });
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(calendarDays)
          .where(eq(calendarDays.day, day))
          .for("update");
        const next = {
          closed: input.closed === undefined ? (before?.closed ?? null) : input.closed,
          capacityGrams:
            input.capacity_grams === undefined
              ? (before?.capacityGrams ?? null)
              : input.capacity_grams,
        };
        if (next.closed === null && next.capacityGrams === null) {
          if (before) await tx.delete(calendarDays).where(eq(calendarDays.day, day));
        } else {
          await tx
            .insert(calendarDays)
            .values({ day, ...next, updatedAt: now })
            .onConflictDoUpdate({ target: calendarDays.day, set: { ...next, updatedAt: now } });
        }
        const changes = changesBetween(auditFields(before), auditFields(next));
        if (changes.length > 0)
          await record(tx, {
            actorId,
            entity: CALENDAR_ENTITY,
            entityId: day,
            action: before ? "update" : "create",
            changes,
          });
      });
      return (await this.list(day, day))[0]!;
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
