import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductionSheet } from "../../../../shared/schemas/production.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ProductionScreen } from "./production-screen.tsx";

const sheet: ProductionSheet = {
  from: "2026-12-03",
  to: "2026-12-03",
  products: [
    {
      product_id: 1,
      name: "Baklava",
      name_ar: "بقلاوة",
      grams: 20_000,
      options: [
        { grams: 1000, count: 12 },
        { grams: 500, count: 16 },
      ],
      orders: ["SW-10001", "SW-10002"],
    },
  ],
  gift_wraps: 1,
  orders: 2,
};

let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.includes("format=csv"))
        return new Response("\uFEFFproduct,product_ar,kg,packs,orders\r\n", {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="production-2026-12-03-2026-12-03.csv"',
          },
        });
      if (url.includes("pack-list"))
        return Response.json({
          data: [
            {
              number: "SW-10001",
              name: "Layla",
              phone: "+963 944 000 111",
              kind: "delivery",
              method: "Home delivery",
              method_ar: "توصيل إلى العنوان",
              country: "SY",
              city: "Damascus",
              address: "Street 5",
              notes: null,
              slot: { id: "10:00-13:00", label: "10:00–13:00", label_ar: "من 10:00 إلى 13:00" },
              payment_method: "cod",
              to_collect: 44,
              gift_wrap: false,
              lines: [{ name: "Baklava", name_ar: "بقلاوة", grams: 1000, qty: 12 }],
            },
          ],
        });
      return Response.json({ data: sheet });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("production sheet", () => {
  it.each([
    ["en", "Baklava", "12 × 1 kg", "Print", "10:00–13:00", "Export CSV"],
    ["ar", "بقلاوة", "12 × 1 كغ", "طباعة", "من 10:00 إلى 13:00", "تصدير CSV"],
  ] as const)(
    "(%s) lists tomorrow's kilos and packs per product, with the orders behind them",
    async (lang, name, pack, print, slot, csv) => {
      renderWithKit(<ProductionScreen today="2026-12-02" />, { lang });
      const row = await screen.findByTestId("production-row");
      expect(urls).toContain("/api/admin/production?from=2026-12-03&to=2026-12-03");
      expect(within(row).getByText(name)).toBeTruthy();
      expect(within(row).getByTestId("production-kg").textContent).toBe("20");
      expect(row.textContent).toContain(pack);
      expect(row.textContent).toContain("SW-10001 SW-10002");
      expect(screen.getByRole("button", { name: print })).toBeTruthy();
      // The drivers' pack list of the day: where, the phone, what to collect.
      const entry = await screen.findByTestId("pack-entry");
      expect(entry.textContent).toContain("SW-10001");
      expect(entry.textContent).toContain("44.00 USD");
      expect(within(entry).getByTestId("pack-slot").textContent).toBe(slot);
      // The same figures as a spreadsheet, through the signed-in API.
      // Stand-ins for the browser's object URLs and the download click (a subclass: the real
      // URL stays untouched; the click must not take the test document to the blob).
      class FakeUrl extends URL {
        static override createObjectURL = vi.fn(() => "blob:production");
        static override revokeObjectURL = vi.fn();
      }
      vi.stubGlobal("URL", FakeUrl);
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      fireEvent.click(screen.getByRole("button", { name: csv }));
      await waitFor(() =>
        expect(urls).toContain("/api/admin/production?from=2026-12-03&to=2026-12-03&format=csv"),
      );
    },
  );
});
