import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalendarDay } from "../../../../shared/schemas/calendar.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CalendarScreen } from "./calendar-screen.tsx";

/** December 2026 as the API answers it: the 3rd booked 12 of 20 kg, Fridays closed. */
function december(): CalendarDay[] {
  return Array.from({ length: 31 }, (_, i) => {
    const date = `2026-12-${String(i + 1).padStart(2, "0")}`;
    const weekday = (2 + i) % 7; // the 1st is a Tuesday
    return {
      date,
      weekday,
      capacity_grams: date === "2026-12-03" ? 20_000 : null,
      booked_grams: date === "2026-12-03" ? 12_000 : 0,
      orders: date === "2026-12-03" ? 4 : 0,
      closed: weekday === 5,
      override: date === "2026-12-03" ? { closed: null, capacity_grams: 20_000 } : null,
      season: null,
    };
  });
}

let puts: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  puts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "PUT") {
        puts.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ data: december()[9] });
      }
      return Response.json({ data: december() });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("kitchen calendar", () => {
  it.each([
    ["en", "12 / 20 kg", "Closed", "Capacity (kg)", "Save"],
    ["ar", "12 / 20 كغ", "مغلق", "الطاقة (كغ)", "حفظ"],
  ] as const)(
    "(%s) shows booked kilos against capacity, closed days, and saves a day's kilos as grams",
    async (lang, figure, closed, capacityLabel, save) => {
      renderWithKit(<CalendarScreen today="2026-12-02" />, { lang });
      const third = await screen.findByRole("button", { name: /^2026-12-03/ });
      expect(within(third).getByTestId("calendar-figure").textContent).toBe(figure);
      const friday = screen.getByRole("button", { name: /^2026-12-04/ });
      expect(within(friday).getByTestId("calendar-closed").textContent).toBe(closed);
      // A past day cannot be edited.
      expect(
        (screen.getByRole("button", { name: /^2026-12-01/ }) as HTMLButtonElement).disabled,
      ).toBe(true);

      fireEvent.click(screen.getByRole("button", { name: /^2026-12-10/ }));
      fireEvent.change(
        await screen.findByLabelText(new RegExp(capacityLabel.replace(/[()]/g, "\\$&"))),
        {
          target: { value: "20" },
        },
      );
      fireEvent.click(screen.getByRole("button", { name: save }));
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toEqual({
        url: "/api/admin/calendar/2026-12-10",
        body: { closed: null, capacity_grams: 20_000 },
      });
    },
  );
});
