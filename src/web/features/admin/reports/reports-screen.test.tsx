import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SalesReport } from "../../../../shared/schemas/reports.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ReportsScreen } from "./reports-screen.tsx";

const totals = {
  orders: 3,
  grams: 2500,
  revenue: 50,
  refunds: 10,
  average_order: 25,
  customers: 2,
  repeat_customers: 1,
};
const report = (group: SalesReport["group"]): SalesReport => ({
  from: "2026-11-03",
  to: "2026-12-02",
  group,
  rows:
    group === "channel"
      ? [{ key: "web", label: "Website", label_ar: "الموقع", orders: 3, grams: 2500, revenue: 50 }]
      : [
          {
            key: "2026-11-10",
            label: "2026-11-10",
            label_ar: "2026-11-10",
            orders: 3,
            grams: 2500,
            revenue: 50,
          },
        ],
  totals,
  previous: { from: "2026-10-04", to: "2026-11-02", totals: { ...totals, revenue: 40 } },
});

let urls: string[];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.includes("format=csv"))
        return new Response("\uFEFFkey\r\n", {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": 'attachment; filename="sales.csv"',
          },
        });
      const group = new URL(url, "http://x").searchParams.get("group") as SalesReport["group"];
      return Response.json({ data: report(group) });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ReportsScreen", () => {
  it.each([
    ["en", "Money received", "+25%", "Website", "Download CSV"],
    ["ar", "المال المستلم", "+25%", "الموقع", "تنزيل CSV"],
  ] as const)(
    "%s: the last 30 shop days by day, the change from before, another grouping, the CSV",
    async (lang, revenue, change, web, csv) => {
      renderWithKit(<ReportsScreen today="2026-12-02" />, { lang });
      await screen.findByTestId("report-table");
      expect(urls[0]).toBe("/api/admin/reports/sales?from=2026-11-03&to=2026-12-02&group=day");
      expect(screen.getByTestId("money-rule").textContent).not.toBe("");
      expect(screen.getByTestId("total-revenue").textContent).toContain(revenue);
      expect(screen.getByTestId("total-revenue").textContent).toContain(change);
      expect(screen.getByTestId("report-chart")).toBeTruthy();

      fireEvent.change(screen.getByTestId("report-group"), { target: { value: "channel" } });
      await waitFor(() => expect(screen.getByTestId("report-table").textContent).toContain(web));

      class FakeUrl extends URL {
        static override createObjectURL = vi.fn(() => "blob:report");
        static override revokeObjectURL = vi.fn();
      }
      vi.stubGlobal("URL", FakeUrl);
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      fireEvent.click(screen.getByRole("button", { name: csv }));
      await waitFor(() =>
        expect(urls).toContain(
          "/api/admin/reports/sales?from=2026-11-03&to=2026-12-02&group=channel&format=csv",
        ),
      );
    },
  );
});
