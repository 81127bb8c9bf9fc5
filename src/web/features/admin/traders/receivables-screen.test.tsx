import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
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
      order_id: 12,
      order_number: "SW-12",
      invoice_number: "INV-2026-000007",
      total: 200,
      due_date: "2026-10-15",
      days_overdue: 45,
      bucket: "31_60",
    },
    {
      order_id: 15,
      order_number: "SW-15",
      invoice_number: null,
      total: 100,
      due_date: "2026-12-20",
      days_overdue: 0,
      bucket: "current",
    },
  ],
};

let calls: Array<{ url: string; method?: string; body?: string }>;
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.body) calls.push({ url, method: init?.method, body: init.body as string });
      else calls.push({ url, method: init?.method });
      if (url === "/api/admin/orders/12/payments" && init?.method === "POST")
        return Response.json({ data: {} });
      if (url === "/api/admin/receivables")
        return Response.json({ data: [owed], as_of: "2026-11-29" });
      if (url === "/api/admin/receivables/4/reminder" && init?.method === "POST")
        return Response.json({ data: { queued: true } }, { status: 202 });
      return Response.json({ message: "Not found." }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("receivables screen", () => {
  it.each([
    ["en", "Receivables", "31-60 days", "due 2026-10-15", "Send reminder", "Reminder sent."],
    ["ar", "الذمم المدينة", "31-60 يومًا", "يستحق في 2026-10-15", "إرسال تذكير", "أُرسل التذكير."],
  ] as const)(
    "in %s: each trader's debt by age, its invoices, and a reminder",
    async (lang, title, bucket, due, send, sent) => {
      renderWithKit(<ReceivablesScreen />, { lang });
      expect(await screen.findByText("Haddad Feinkost")).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
      expect(screen.getByRole("columnheader", { name: bucket })).toBeTruthy();
      const invoices = screen.getByTestId("receivable-invoices");
      expect(within(invoices).getByText("INV-2026-000007")).toBeTruthy();
      expect(within(invoices).getByText("SW-15")).toBeTruthy();
      expect(within(invoices).getByText(due)).toBeTruthy();
      const button = screen.getByTestId("send-reminder");
      expect(button.textContent).toBe(send);
      fireEvent.click(button);
      expect(await screen.findByText(sent)).toBeTruthy();
      await waitFor(() =>
        expect(calls).toContainEqual({ url: "/api/admin/receivables/4/reminder", method: "POST" }),
      );
    },
  );

  it.each([
    ["en", "Record payment", "Payment recorded."],
    ["ar", "تسجيل دفعة", "تم تسجيل الدفعة."],
  ] as const)(
    "in %s: a payment against an invoice, its amount, day and method",
    async (lang, record, recorded) => {
      renderWithKit(<ReceivablesScreen />, { lang });
      const buttons = await screen.findAllByTestId("record-payment");
      expect(buttons[0]!.textContent).toBe(record);
      fireEvent.click(buttons[0]!);
      const dialog = await screen.findByTestId("payment-dialog");
      expect(
        (within(dialog).getByRole("textbox", { name: /Amount|المبلغ/ }) as HTMLInputElement).value,
      ).toBe("200");
      fireEvent.change(within(dialog).getByRole("combobox"), { target: { value: "cash" } });
      fireEvent.change(within(dialog).getByRole("textbox", { name: /Reference|المرجع/ }), {
        target: { value: "R-1" },
      });
      fireEvent.click(within(dialog).getByTestId("payment-save"));
      expect(await screen.findByText(recorded)).toBeTruthy();
      const sent = calls.find((c) => c.url === "/api/admin/orders/12/payments");
      expect(JSON.parse(sent!.body!)).toEqual({
        amount: "200",
        paid_at: "2026-11-29",
        method: "cash",
        note: "R-1",
      });
    },
  );
});
