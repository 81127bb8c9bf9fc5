import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { settingsToForm } from "../../../../shared/domain/settings.ts";
import { defaultShopSettings } from "../../../../shared/schemas/settings.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { SettingsScreen } from "./settings-screen.tsx";

const stored = settingsToForm(defaultShopSettings, new Date("2026-11-20T10:00:00Z"));

const history = {
  data: [
    {
      id: 1,
      entity: "settings",
      entity_id: "shop",
      action: "update",
      actor: { id: 1, name: "Rana Owner" },
      created_at: "2026-11-21T10:00:00.000Z",
      changes: [
        { field: "locations.0.pickup", before: false, after: true },
        { field: "delivery_fee", before: 15, after: 9.5 },
        { field: "bank_transfer_instructions_ar", before: "", after: "حوالة" },
        { field: "order_messages.shipped", before: true, after: false },
      ],
    },
  ],
  meta: { page: 1, per_page: 50, total: 1, last_page: 1 },
};

let puts: Array<Record<string, unknown>>;
beforeEach(() => {
  puts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/admin/audit")) return json(history);
      if (init?.method === "PUT") {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json({ data: { ...stored, ...body, updated_at: "2026-11-22T10:00:00.000Z" } });
      }
      return json({ data: stored });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("settings sections", () => {
  it("saves one section over what is stored, leaving another section's unsaved edit in place", async () => {
    renderWithKit(<SettingsScreen />);
    const cart = await screen.findByTestId("settings-section-cart");
    const map = screen.getByTestId("settings-section-map");
    fireEvent.change(within(map).getByLabelText(/Zoom/), { target: { value: "7" } });
    fireEvent.change(within(cart).getByLabelText(/Delivery fee/), { target: { value: "9.5" } });
    fireEvent.click(within(cart).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ delivery_fee: 9.5, map_zoom: stored.map_zoom });
    expect(await screen.findByText("Settings saved.")).toBeTruthy();
    // The map's edit is still there, not saved and not wiped.
    expect(within(map).getByLabelText(/Zoom/)).toHaveProperty("value", "7");
  });

  it("refuses a bad value beside its field and sends nothing", async () => {
    renderWithKit(<SettingsScreen />);
    const cart = await screen.findByTestId("settings-section-cart");
    fireEvent.change(within(cart).getByLabelText(/Delivery fee/), { target: { value: "-1" } });
    fireEvent.click(within(cart).getByRole("button", { name: "Save" }));
    expect(
      await within(cart).findByText(
        "The delivery fee must be a number from 0 to 10,000 with at most two decimals.",
      ),
    ).toBeTruthy();
    expect(puts).toHaveLength(0);
  });
});

describe("settings history", () => {
  it.each([
    [
      "en",
      [
        "Locations › Main shop (demo) › Offer as free pickup: off → on",
        "Cart › Delivery fee (USD): 15 → 9.5",
        "Bank transfer › Instructions after ordering (Arabic): — → حوالة",
        "Order e-mails to customers › Order shipped (with the carrier and tracking link): on → off",
      ],
    ],
    [
      "ar",
      ["الفروع › المحل الرئيسي (تجريبي) › ", "السلة › ", "(بالعربية): — → حوالة", ": مفعّل → معطّل"],
    ],
  ] as const)("names each change by the screen's labels (%s)", async (lang, lines) => {
    renderWithKit(<SettingsScreen />, { lang });
    const list = await screen.findByTestId("record-history");
    await within(list).findAllByRole("listitem");
    const texts = [...list.querySelectorAll("li[data-field]")].map((item) => item.textContent);
    expect(texts).toHaveLength(4);
    for (const [i, line] of lines.entries()) expect(texts[i]).toContain(line);
    expect(list.textContent).not.toContain("locations.0.pickup");
  });
});
