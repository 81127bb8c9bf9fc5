import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { KitchenDeliveryForm } from "./delivery-form.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const saved = {
  areas: [{ name: "Mezzeh", name_ar: "المزة", fee: 3 }],
  slots: { from: "12:00", to: "22:00", every_minutes: 30, max_orders: 3, lead_minutes: 45 },
  pickup_location: null,
  dish_discount: false,
  bank_transfer_same_day: false,
};

const locations = [
  {
    title: { en: "Old City shop", ar: "محل المدينة القديمة" },
    address: { en: "Straight Street 12", ar: "الشارع المستقيم 12" },
  },
  {
    title: { en: "Kitchen branch", ar: "فرع المطبخ" },
    address: { en: "Mezzeh Villas 4", ar: "فيلات المزة 4" },
  },
];

let puts: unknown[];

beforeEach(() => {
  puts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      if (url === "/api/settings") return json({ data: { locations } });
      if (url === "/api/admin/kitchen/delivery" && method === "GET") return json({ data: saved });
      if (url === "/api/admin/kitchen/delivery" && method === "PUT") {
        const body = JSON.parse(String(init?.body));
        puts.push(body);
        return json({ data: body });
      }
      return json({ message: "not stubbed" }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the dish delivery form: where dishes are picked up", () => {
  it("lists the shop's locations, saves the chosen one and can go back to automatic", async () => {
    renderWithKit(<KitchenDeliveryForm />);
    const select = (await screen.findByLabelText(
      /^Pickup location for dishes/,
    )) as HTMLSelectElement;
    await within(select).findByRole("option", { name: "Kitchen branch – Mezzeh Villas 4" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Automatic: the location whose name says “Kitchen”",
      "Old City shop – Straight Street 12",
      "Kitchen branch – Mezzeh Villas 4",
    ]);
    expect(select.value).toBe("");

    fireEvent.change(select, { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save delivery" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ pickup_location: 1, areas: saved.areas });

    fireEvent.change(select, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save delivery" }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ pickup_location: null });
  });

  it("in Arabic: the locations by their Arabic names and addresses", async () => {
    renderWithKit(<KitchenDeliveryForm />, { lang: "ar" });
    const select = await screen.findByLabelText(/^مكان استلام الأطباق/);
    expect(
      await within(select).findByRole("option", { name: "فرع المطبخ – فيلات المزة 4" }),
    ).toBeTruthy();
    expect(within(select).getByRole("option", { name: /^تلقائياً/ })).toBeTruthy();
  });

  it("a saved location since removed from the settings still shows, marked", async () => {
    saved.pickup_location = 4 as never;
    try {
      renderWithKit(<KitchenDeliveryForm />);
      const select = (await screen.findByLabelText(
        /^Pickup location for dishes/,
      )) as HTMLSelectElement;
      await within(select).findByRole("option", { name: "Location 5 (no longer listed)" });
      expect(select.value).toBe("4");
    } finally {
      saved.pickup_location = null;
    }
  });
});
