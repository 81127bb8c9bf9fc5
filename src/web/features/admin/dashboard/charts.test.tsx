import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DELETED_CUSTOMER } from "../../../../shared/domain/account-privacy.ts";
import type { Dashboard } from "../../../../shared/schemas/admin-dashboard.ts";
import ar from "../../../i18n/locales/ar/admin-dashboard.json";
import en from "../../../i18n/locales/en/admin-dashboard.json";
import { renderInShell } from "../../../test/render-in-shell.tsx";
import Charts from "./charts.tsx";

afterEach(cleanup);

const empty: Dashboard = {
  total_users: 0,
  total_orders: 0,
  total_products: 0,
  total_payments: 0,
  total_trader_applications: 0,
  per_day: ["2026-11-22", "2026-11-23"].map((date) => ({
    date,
    orders: 0,
    revenue: 0,
    paid_revenue: 0,
  })),
  by_status: [],
  top_products: [],
  recent_orders: [],
  low_stock: [],
  low_stock_total: 0,
};

describe("dashboard charts", () => {
  for (const [lang, t, first, last] of [
    ["en", en, "22 Nov", "23 Nov"],
    ["ar", ar, "22/11", "23/11"],
  ] as const) {
    it(`(${lang}) an empty chart draws no made-up scale and says nothing yet; days read as dates`, async () => {
      renderInShell(<Charts dashboard={empty} />, { lang });
      const chart = await screen.findByTestId("chart-paid");
      expect(chart.querySelector('[data-testid="chart-top"]')).toBeNull();
      expect(chart.textContent).not.toMatch(/1\.00/);
      expect(within(chart).getByText(t.nothingYet)).toBeTruthy();
      const labels = [...chart.querySelectorAll("svg text")].map((text) => text.textContent);
      expect(labels).toEqual([first, last]);
    });

    it(`(${lang}) an erased account's order is named in the admin's language`, async () => {
      renderInShell(
        <Charts
          dashboard={{
            ...empty,
            recent_orders: [
              {
                id: 1,
                number: "SW-10001",
                customer: DELETED_CUSTOMER,
                total: 10,
                status: "pending",
                created_at: "2026-11-23T10:00:00.000Z",
              },
            ],
          }}
        />,
        { lang },
      );
      expect((await screen.findByTestId("recent-customer")).textContent).toBe(t.deletedCustomer);
    });
  }

  it("a chart with figures keeps its scale", async () => {
    const busy = {
      ...empty,
      per_day: empty.per_day.map((d, i) => ({ ...d, orders: i + 2 })),
    };
    renderInShell(<Charts dashboard={busy} />, { lang: "en" });
    const chart = await screen.findByTestId("chart-orders");
    expect(within(chart).getByTestId("chart-top").textContent).toBe("3");
  });
});
