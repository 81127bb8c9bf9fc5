import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReceivableTrader } from "../../../../shared/schemas/traders.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ReceivablesScreen } from "./receivables-screen.tsx";

const owed: ReceivableTrader = {
  id: 4,
  company_name: "Haddad Feinkost",
  email: "omar@example.com",
  lang: "en",
  total: 300,
  current: 100,
  days_1_30: 0,
  days_31_60: 200,
  over_60: 0,
  invoices: [
    {
      order_number: "SW-12",
      invoice_number: "INV-2026-000007",
      total: 200,
      due_date: "2026-10-15",
      days_overdue: 45,
      bucket: "31_60",
    },
    {
      order_number: "SW-15",
      invoice_number: null,
      total: 100,
      due_date: "2026-12-20",
      days_overdue: 0,
      bucket: "current",
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url === "/api/admin/receivables"
        ? Response.json({ data: [owed], as_of: "2026-11-29" })
        : Response.json({ message: "Not found." }, { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("receivables screen", () => {
  it.each([
    ["en", "Receivables", "31-60 days", "due 2026-10-15"],
    ["ar", "الذمم المدينة", "31-60 يومًا", "يستحق في 2026-10-15"],
  ] as const)(
    "in %s: each trader's debt by age, and its invoices",
    async (lang, title, bucket, due) => {
      renderWithKit(<ReceivablesScreen />, { lang });
      expect(await screen.findByText("Haddad Feinkost")).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(screen.getByRole("columnheader", { name: bucket })).toBeTruthy();
      const invoices = screen.getByTestId("receivable-invoices");
      expect(within(invoices).getByText("INV-2026-000007")).toBeTruthy();
      expect(within(invoices).getByText("SW-15")).toBeTruthy();
      expect(within(invoices).getByText(due)).toBeTruthy();
    },
  );
});
