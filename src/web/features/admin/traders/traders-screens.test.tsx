import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TraderDto } from "../../../../shared/schemas/traders.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { TradersScreen } from "./traders-screen.tsx";

const trader: TraderDto = {
  id: 4,
  user_id: 9,
  email: "omar@example.com",
  company_name: "Haddad Feinkost",
  contact_name: "Omar Haddad",
  tax_number: null,
  country: "DE",
  phone: "+49 30 000000",
  lang: "en",
  price_list_id: 2,
  terms_days: 30,
  credit_limit: 5000,
  status: "active",
  enquiry_id: null,
  created_at: "2026-11-20T10:00:00.000Z",
};

let calls: Array<{ url: string; method?: string; body?: string }>;
let current: TraderDto;
beforeEach(() => {
  calls = [];
  current = trader;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body as string | undefined });
      if (url === "/api/admin/price-lists")
        return Response.json({
          data: [
            {
              id: 2,
              name: "Distributors",
              min_order_total: 0,
              products: [],
              categories: [],
              updated_at: "",
            },
          ],
        });
      if (init?.method === "PATCH") {
        current = { ...current, ...JSON.parse(init.body as string) };
        return Response.json({ data: current });
      }
      return Response.json({ data: [current] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("traders screen", () => {
  it.each([
    ["en", "Distributors", "30 days", "Active", "Suspend", "Suspended"],
    ["ar", "Distributors", "30 يوماً", "نشط", "إيقاف", "موقوف"],
  ] as const)(
    "in %s: the list, its terms, and suspending",
    async (lang, list, terms, active, suspend, suspended) => {
      renderWithKit(<TradersScreen />, { lang });
      expect(await screen.findByText("Haddad Feinkost")).toBeTruthy();
      expect((await screen.findAllByText(list)).length).toBeGreaterThan(0);
      expect(screen.getByText(terms)).toBeTruthy();
      expect(screen.getByTestId("trader-status").textContent).toBe(active);
      const toggle = screen.getByTestId("trader-toggle");
      expect(toggle.textContent).toBe(suspend);
      fireEvent.click(toggle);
      await waitFor(() =>
        expect(calls.find((c) => c.method === "PATCH")).toMatchObject({
          url: "/api/admin/traders/4",
          body: JSON.stringify({ status: "suspended" }),
        }),
      );
      await waitFor(() => expect(screen.getByTestId("trader-status").textContent).toBe(suspended));
    },
  );
});
