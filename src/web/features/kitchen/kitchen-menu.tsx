import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  groupByDate,
  KITCHEN_FILTERS,
  type KitchenFilter,
  shortDate,
  weekdayName,
} from "../../../shared/domain/kitchen.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import type { KitchenDish } from "../../../shared/schemas/kitchen.ts";
import { useMessageText } from "../../components/form/messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";
import { DishCard } from "./dish-card.tsx";
import { type MenuState, useKitchenMenu } from "./use-kitchen-menu.ts";

type Props = {
  filter: KitchenFilter;
  /** What the server rendered for `initialFilter` (the menu, or the failed state). */
  initial: MenuState;
  initialFilter: KitchenFilter;
  messagingNumber: string;
};

const tabId = (filter: KitchenFilter) => `kitchen-tab-${filter}`;
const PANEL_ID = "kitchen-menu-panel";

/**
 * The daily menu: a tablist today / tomorrow / next week whose choice lives in the
 * URL (`?filter=tomorrow` can be shared and is rendered by the server). Tabs are links, so
 * they work before the script loads; arrows, Home and End move between them.
 */
export function KitchenMenu({ filter, initial, initialFilter, messagingNumber }: Props) {
  const paths = usePaths();
  const { t, i18n } = useTranslation("kitchen");
  const navigate = useNavigate();
  const tabs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const { state, retry } = useKitchenMenu(filter, { ...initial, filter: initialFilter });
  const rtl = i18n.dir() === "rtl";
  // Tests (and styles) can tell when the tabs are handled by script rather than by links.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const choose = (next: KitchenFilter) => {
    if (next !== filter) {
      void navigate(paths.kitchen({ filter: next }), { preventScrollReset: true });
    }
    tabs.current[next]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const at = KITCHEN_FILTERS.indexOf(filter);
    const last = KITCHEN_FILTERS.length - 1;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    let next: number | null = null;
    if (event.key === forward) next = at === last ? 0 : at + 1;
    else if (event.key === back) next = at === 0 ? last : at - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = last;
    if (next === null) return;
    event.preventDefault();
    choose(KITCHEN_FILTERS[next] as KitchenFilter);
  };

  return (
    <section aria-labelledby="kitchen-menu-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="kitchen-menu-title" className="text-3xl font-bold text-brown">
          {t("menu.title")}
        </h2>
        <div
          role="tablist"
          data-hydrated={hydrated}
          aria-label={t("menu.filters")}
          className="inline-flex rounded-full bg-white p-1 shadow-sm"
          onKeyDown={onKeyDown}
        >
          {KITCHEN_FILTERS.map((f) => (
            <a
              key={f}
              ref={(el) => {
                tabs.current[f] = el;
              }}
              id={tabId(f)}
              role="tab"
              href={paths.kitchen({ filter: f })}
              aria-selected={f === filter}
              aria-controls={PANEL_ID}
              tabIndex={f === filter ? 0 : -1}
              className={`rounded-full px-4 py-2 font-semibold ${
                f === filter ? "bg-brown text-white" : "text-brown hover:bg-cream"
              }`}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                choose(f);
              }}
            >
              {t(`filters.${f}`)}
            </a>
          ))}
        </div>
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(filter)}
        aria-busy={state.status === "loading"}
        data-testid="kitchen-panel"
        data-filter={filter}
        data-status={state.status}
      >
        <MenuBody state={state} filter={filter} retry={retry} messagingNumber={messagingNumber} />
      </div>
    </section>
  );
}

function MenuBody({
  state,
  filter,
  retry,
  messagingNumber,
}: {
  state: MenuState;
  filter: KitchenFilter;
  retry: () => void;
  messagingNumber: string;
}) {
  const { t, i18n } = useTranslation("kitchen");
  const text = useMessageText();
  const lang = i18n.language === "ar" ? "ar" : "en";
  if (state.status === "loading") {
    return (
      <p role="status" className="py-10 text-center text-muted">
        {t("menu.loading")}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-red-700">
          {state.message === MESSAGES.KITCHEN_FETCH_FAILED
            ? t("errors.KITCHEN_FETCH_FAILED")
            : state.message === MESSAGES.KITCHEN_FETCH_ERROR
              ? t("errors.KITCHEN_FETCH_ERROR")
              : text(state.message)}
        </p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          {t("menu.retry")}
        </button>
      </div>
    );
  }
  const { menu } = state;
  if (menu.data.length === 0) {
    return (
      <p className="rounded-2xl bg-white py-10 text-center text-muted shadow-sm">
        {t(filter === "nextWeek" ? "menu.emptyWeek" : "menu.empty")}
      </p>
    );
  }
  const dayName = (date: string) => `${weekdayName(date, lang)} ${shortDate(date, lang)}`;
  if (filter !== "nextWeek") {
    const date = menu.meta.dates[0] ?? menu.meta.today;
    return (
      <div className="flex flex-col gap-4">
        <h3 className="text-xl font-semibold">
          <bdi>{dayName(date)}</bdi>
        </h3>
        <DishGrid dishes={menu.data} day={dayName(date)} messagingNumber={messagingNumber} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-10">
      {groupByDate(menu.data.map((dish) => ({ dish, dates: dish.dates }))).map((group) => (
        <section key={group.date} aria-labelledby={`day-${group.date}`} data-date={group.date}>
          <h3 id={`day-${group.date}`} className="mb-4 text-xl font-semibold">
            {dayName(group.date)}
          </h3>
          <DishGrid
            dishes={group.dishes}
            day={dayName(group.date)}
            messagingNumber={messagingNumber}
            // Sold out is a switch for today only; next week starts tomorrow.
            soldOutOnDay={false}
          />
        </section>
      ))}
    </div>
  );
}

function DishGrid({
  dishes,
  day,
  messagingNumber,
  soldOutOnDay,
}: {
  dishes: readonly KitchenDish[];
  day: string;
  messagingNumber: string;
  soldOutOnDay?: boolean;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {dishes.map((dish) => (
        <DishCard
          key={dish.id}
          dish={dish}
          day={day}
          soldOut={soldOutOnDay ?? dish.sold_out}
          messagingNumber={messagingNumber}
        />
      ))}
    </div>
  );
}
