import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalendarDay, SeasonDto } from "../../../../shared/schemas/calendar.ts";
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

const EID: SeasonDto = {
  id: 4,
  name: "Eid al-Fitr",
  name_ar: "عيد الفطر",
  first_day: "2027-03-08",
  last_day: "2027-03-11",
  orders_open: "2027-02-01",
  product_ids: [12],
  open: false,
  hijri: {
    first_day: { en: "30 Ramadan 1448 AH", ar: "30 رمضان 1448 هـ" },
    last_day: { en: "3 Shawwal 1448 AH", ar: "3 شوال 1448 هـ" },
  },
};

let puts: Array<{ url: string; body: unknown }>;
let posts: Array<{ url: string; body: unknown }>;
beforeEach(() => {
  puts = [];
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/admin/seasons")) {
        if (init?.method === "POST") {
          posts.push({ url, body: JSON.parse(String(init.body)) });
          return Response.json(
            {
              message: "The season's last day cannot come before its first day.",
              errors: { last_day: ["The season's last day cannot come before its first day."] },
            },
            { status: 422 },
          );
        }
        return Response.json({ data: [EID] });
      }
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

  it.each([
    [
      "en",
      "Eid al-Fitr",
      "30 Ramadan 1448 AH – 3 Shawwal 1448 AH",
      "Save season",
      "The season's last day cannot come before its first day.",
    ],
    [
      "ar",
      "عيد الفطر",
      "30 رمضان 1448 هـ – 3 شوال 1448 هـ",
      "حفظ الموسم",
      "لا يمكن أن يسبق آخر يوم في الموسم أوله.",
    ],
  ] as const)(
    "(%s) lists the seasons with their Hijri dates and shows the server's refusal by its field",
    async (lang, name, hijri, save, refusal) => {
      renderWithKit(<CalendarScreen today="2026-12-02" />, { lang });
      const row = await screen.findByTestId("season-row");
      expect(row.textContent).toContain(name);
      expect(row.textContent).toContain(hijri);
      const form = screen.getByTestId("season-form");
      const inputs = form.querySelectorAll("input");
      fireEvent.change(inputs[0]!, { target: { value: "Adha" } });
      fireEvent.change(inputs[2]!, { target: { value: "2027-05-20" } });
      fireEvent.change(inputs[3]!, { target: { value: "2027-05-16" } });
      fireEvent.change(inputs[4]!, { target: { value: "2027-05-01" } });
      fireEvent.change(inputs[5]!, { target: { value: "12, 14" } });
      fireEvent.click(screen.getByRole("button", { name: save }));
      expect(await within(form).findByText(refusal)).toBeTruthy();
      expect(posts[0]?.body).toEqual({
        name: "Adha",
        name_ar: "",
        first_day: "2027-05-20",
        last_day: "2027-05-16",
        orders_open: "2027-05-01",
        product_ids: [12, 14],
      });
    },
  );
});
