import { useCallback, useEffect, useRef, useState } from "react";
import type { KitchenFilter } from "../../../shared/domain/kitchen.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import type { KitchenMenuResponse } from "../../../shared/schemas/kitchen.ts";
import { ApiError, apiGet } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";

export type MenuState =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ok"; menu: KitchenMenuResponse };

/**
 * Kitchen: the server's message, else "Failed to fetch kitchen items" (a network
 * failure too: the browser's own words are not shown), else "Error fetching kitchen Dishes".
 */
export function kitchenErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 0 || !error.message ? MESSAGES.KITCHEN_FETCH_FAILED : error.message;
  }
  return MESSAGES.KITCHEN_FETCH_ERROR;
}

/**
 * The menu of each filter the visitor opens. The server rendered the first one (`initial`);
 * the others are read from `GET /api/kitchen?filter=` when their tab is chosen, once.
 */
export function useKitchenMenu(
  filter: KitchenFilter,
  initial: MenuState & { filter: KitchenFilter },
) {
  const [menus, setMenus] = useState<Partial<Record<KitchenFilter, MenuState>>>(() => ({
    [initial.filter]: initial.status === "loading" ? undefined : initial,
  }));
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback((which: KitchenFilter) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setMenus((m) => ({ ...m, [which]: { status: "loading" } }));
    apiGet<KitchenMenuResponse>(withQuery("/api/kitchen", { filter: which }), {
      signal: controller.signal,
      fallback: MESSAGES.KITCHEN_FETCH_FAILED,
    }).then(
      (menu) => setMenus((m) => ({ ...m, [which]: { status: "ok", menu } })),
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        setMenus((m) => ({
          ...m,
          [which]: { status: "failed", message: kitchenErrorMessage(error) },
        }));
      },
    );
  }, []);

  const current = menus[filter];
  useEffect(() => {
    if (!current) load(filter);
  }, [current, filter, load]);
  useEffect(() => () => inFlight.current?.abort(), []);

  return { state: current ?? ({ status: "loading" } as const), retry: () => load(filter) };
}
