import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AccountLedger } from "../../../shared/schemas/traders.ts";
import { renderWithKit } from "../../test/render-with-kit.tsx";
import { AccountTraderSection } from "./account-trader-section.tsx";

const ledger: AccountLedger = {
  due: 120,
  overdue: 80,
  as_of: "2026-11-29",
  orders: [
    {
      number: "SW-10007",
      date: "2026-10-01",
      payment_method: "invoice",
      total: 80,
      due_date: "2026-10-31",
      state: "overdue",
      invoice: { number: "INV-2026-000003", url: "/api/orders/SW-10007/invoice.pdf" },
    },
  ],
};
let answer: AccountLedger | null;
beforeEach(() => {
  answer = ledger;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ data: answer })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("account trader section", () => {
  it.each([
    ["en", "Trade account", "Overdue", "Download statement (PDF)"],
    ["ar", "حساب التاجر", "متأخر", "تنزيل كشف الحساب (PDF)"],
  ] as const)(
    "in %s: due, overdue, the orders with invoices, the statement",
    async (lang, title, state, pdf) => {
      renderWithKit(<AccountTraderSection token="t" />, { lang });
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText("INV-2026-000003")).toBeTruthy();
      expect(screen.getAllByText(state).length).toBeGreaterThan(0);
      expect(screen.getByTestId("statement-pdf").textContent).toBe(pdf);
      expect(screen.getAllByDisplayValue("2026-11-01").length).toBe(1);
    },
  );

  it("shows nothing for a retail account", async () => {
    answer = null;
    const { container } = renderWithKit(<AccountTraderSection token="t" />, { lang: "en" });
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector("[data-testid=account-trader]")).toBeNull();
  });
});
