import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  AdminCustomer,
  AdminCustomerDetail,
} from "../../../../shared/schemas/admin-customers.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CustomerDetailScreen } from "./customer-detail-screen.tsx";
import { CustomersScreen } from "./customers-screen.tsx";

const guest: AdminCustomer = {
  key: "e-layla+cakes@example.com",
  kind: "guest",
  user_id: null,
  name: "ليلى أحمد",
  email: "layla+cakes@example.com",
  phone: "+963 944 000 111",
  country: "LB",
  order_count: 2,
  total_spent: 55,
  last_order_at: "2026-11-20T10:00:00.000Z",
};

let calls: Array<{ url: string; body?: string }>;
let reply: (url: string, body?: string) => Response;
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body as string | undefined });
      return reply(url, init?.body as string | undefined);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("customers list", () => {
  it("shows each customer with a link to their page, no row actions, and searches on the server", async () => {
    reply = () => json({ data: [guest], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } });
    renderWithKit(<CustomersScreen />);
    const link = await screen.findByTestId("customer-link");
    expect(link.textContent).toBe("ليلى أحمد");
    // The key is one path segment, whatever the e-mail holds.
    expect(link.getAttribute("href")).toBe("/admin-customers/e-layla%2Bcakes%40example.com");
    expect(screen.queryByRole("button", { name: /edit|delete/i })).toBeNull();
    expect(calls[0]!.url).toBe("/api/admin/customers?page=1&per_page=20");
    fireEvent.change(screen.getByLabelText("Search by name, e-mail or phone"), {
      target: { value: "امل" },
    });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe(
        `/api/admin/customers?search=${encodeURIComponent("امل")}&page=1&per_page=20`,
      ),
    );
  });
});

describe("a customer's page", () => {
  const detail: AdminCustomerDetail = {
    ...guest,
    orders: [
      {
        id: 12,
        number: "SW-10012",
        status: "pending",
        payment_status: "unpaid",
        total: 30,
        country: "LB",
        created_at: "2026-11-20T10:00:00.000Z",
      },
    ],
    notes: [],
  };

  it("in Arabic: links the orders to the desk, refuses an empty note, saves one", async () => {
    reply = (_url, body) => {
      if (body)
        return json(
          {
            data: {
              id: 1,
              body: JSON.parse(body).body,
              author: { id: 1, name: "Owner" },
              created_at: "2026-11-21T10:00:00.000Z",
            },
          },
          201,
        );
      return json({ data: detail });
    };
    renderWithKit(<CustomerDetailScreen customerKey={guest.key} />, { lang: "ar" });
    const order = await screen.findByTestId("customer-order-link");
    expect(order.getAttribute("href")).toBe("/admin-orders/12");
    expect(calls[0]!.url).toBe("/api/admin/customers/e-layla%2Bcakes%40example.com");
    fireEvent.click(screen.getByRole("button", { name: "احفظ الملاحظة" }));
    expect(await screen.findByText("يُرجى كتابة ملاحظة.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^أضف ملاحظة/), { target: { value: "  عميلة دائمة " } });
    fireEvent.click(screen.getByRole("button", { name: "احفظ الملاحظة" }));
    await waitFor(() => expect(calls.some((c) => c.body !== undefined)).toBe(true));
    const posted = calls.find((c) => c.body !== undefined)!;
    expect(posted.url).toBe("/api/admin/customers/e-layla%2Bcakes%40example.com/notes");
    expect(JSON.parse(posted.body!)).toEqual({ body: "عميلة دائمة" });
  });
});
