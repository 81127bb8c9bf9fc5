import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../test/render-with-kit.tsx";
import {
  type BellNotification,
  NOTIFICATION_POLL_MS,
  NotificationBell,
} from "./notification-bell.tsx";
import { ago, cutPreview } from "./notification-time.ts";

const note = (id: number, customer = "Rana"): BellNotification => ({
  id,
  type: "order_placed",
  data: { customer, order_id: 100 + id, order_number: `ORD-${id}`, total: 35 },
  read_at: null,
  created_at: new Date(Date.now() - 90_000).toISOString(),
});

/** Issue 27: order SW-42 took Baklava down to 1.5 kg. */
const lowStockNote = (): BellNotification => ({
  id: 7,
  type: "low_stock",
  data: {
    product_id: 3,
    product_name: "Baklava",
    product_name_ar: "بقلاوة",
    sku: "BAK-1",
    stock_grams: 1500,
    order_id: 42,
    order_number: "SW-42",
  } as BellNotification["data"],
  read_at: null,
  created_at: new Date().toISOString(),
});

let answers: Array<{ data: BellNotification[]; meta: { unread: number } } | "fail">;
let calls: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  calls = [];
  answers = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      if (init?.method === "POST") return new Response("{}", { status: 200 });
      const next = answers.shift() ?? { data: [], meta: { unread: 0 } };
      if (next === "fail") return new Response("{}", { status: 500 });
      return new Response(JSON.stringify(next), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => await vi.advanceTimersByTimeAsync(0));
const tick = () => act(async () => await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS));
const badge = () => screen.queryByTestId("notification-count")?.textContent ?? null;

describe("notification bell", () => {
  it("polls every 10 s asking only for what is newer, stays silent on errors, and rings the badge", async () => {
    answers = [
      { data: [note(2), note(1)], meta: { unread: 2 } },
      "fail",
      { data: [note(3)], meta: { unread: 3 } },
    ];
    renderWithKit(<NotificationBell token="t" />);
    await flush();
    expect(calls).toEqual(["GET /api/admin/notifications?per_page=20"]);
    expect(badge()).toBe("2");
    await tick(); // fails: nothing shown, badge kept
    expect(calls[1]).toBe("GET /api/admin/notifications?per_page=20&after=2");
    expect(badge()).toBe("2");
    expect(document.body.textContent).not.toMatch(/fail/i);
    await tick();
    expect(calls[2]).toBe("GET /api/admin/notifications?per_page=20&after=2");
    expect(badge()).toBe("3");
    await tick();
    expect(calls[3]).toBe("GET /api/admin/notifications?per_page=20&after=3");
  });

  it("issue 29.5: tells the layout when a poll brings new orders, not on the first load", async () => {
    answers = [
      { data: [note(2), note(1)], meta: { unread: 2 } },
      { data: [], meta: { unread: 2 } },
      { data: [note(3)], meta: { unread: 3 } },
    ];
    const onNewOrders = vi.fn();
    renderWithKit(<NotificationBell token="t" onNewOrders={onNewOrders} />);
    await flush();
    expect(onNewOrders).not.toHaveBeenCalled();
    await tick();
    expect(onNewOrders).not.toHaveBeenCalled();
    await tick();
    expect(onNewOrders).toHaveBeenCalledTimes(1);
    expect(onNewOrders.mock.calls[0]![0].map((n: BellNotification) => n.id)).toEqual([3]);
  });

  it("does not poll while the tab is hidden and asks at once when it shows again", async () => {
    renderWithKit(<NotificationBell token="t" />);
    await flush();
    const hidden = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    await tick();
    await tick();
    expect(calls).toHaveLength(1);
    hidden.mockReturnValue("visible");
    await act(async () => {
      document.dispatchEvent(new Event("visibilitychange"));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(calls).toHaveLength(2);
  });

  it("hovering an unread item marks it read once and lowers the badge to a floor of 0; items link to their order", async () => {
    answers = [
      { data: [note(1, "A customer with a really quite long name indeed")], meta: { unread: 1 } },
    ];
    renderWithKit(<NotificationBell token="t" />);
    await flush();
    fireEvent.click(screen.getByTestId("notification-bell"));
    const item = screen.getByTestId("notification-item");
    expect(item.getAttribute("href")).toBe("/admin-orders/101");
    expect(item.textContent).toContain("…");
    expect(item.textContent).toContain("1 mins ago");
    fireEvent.mouseEnter(item);
    await flush();
    expect(badge()).toBeNull();
    fireEvent.mouseEnter(item);
    await flush();
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([
      "POST /api/admin/notifications/1/read",
    ]);
  });
});

describe("bell texts", () => {
  it("issue 29.6: Escape closes the pop-up and gives focus back to the bell", async () => {
    answers = [{ data: [note(1)], meta: { unread: 1 } }];
    renderWithKit(<NotificationBell token="t" />);
    await flush();
    const bell = screen.getByTestId("notification-bell");
    fireEvent.click(bell);
    screen.getByRole("checkbox").focus();
    fireEvent.keyDown(document.activeElement ?? document, { key: "Escape" });
    expect(screen.queryByTestId("notification-panel")).toBeNull();
    expect(bell.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(bell);
  });

  it("a low-stock item names the product and what is left, and opens that product (its SKU searched)", async () => {
    answers = [{ data: [lowStockNote()], meta: { unread: 1 } }];
    renderWithKit(<NotificationBell token="t" />);
    await flush();
    fireEvent.click(screen.getByTestId("notification-bell"));
    const item = screen.getByTestId("notification-item");
    expect(item.textContent).toContain("Low stock: Baklava, 1.5 kg left");
    expect(item.getAttribute("href")).toBe("/admin-products?search=BAK-1");
  });

  it("issue 27: for a packer (no products screen) a low-stock item opens the order that took it there", async () => {
    answers = [{ data: [lowStockNote()], meta: { unread: 1 } }];
    renderWithKit(<NotificationBell token="t" productsAllowed={false} />);
    await flush();
    fireEvent.click(screen.getByTestId("notification-bell"));
    expect(screen.getByTestId("notification-item").getAttribute("href")).toBe("/admin-orders/42");
  });

  for (const lang of ["en", "ar"] as const)
    it(`(${lang}) a long name gives way: the order number is never cut; staff orders say who took them`, async () => {
      // "… sent a transfer receipt for SW-100003": the number comes last.
      const long = { ...note(1, "Rana Abdulrahman Al-Haddad Khoury"), type: "receipt_uploaded" };
      long.data.order_number = "SW-100003";
      const staff = {
        ...note(2, "Hala"),
        data: { ...note(2, "Hala").data, order_number: "SW-100004", taken_by: "Sami" },
      };
      answers = [{ data: [staff, long], meta: { unread: 2 } }];
      renderWithKit(<NotificationBell token="t" />, { lang });
      await flush();
      fireEvent.click(screen.getByTestId("notification-bell"));
      const [taken, placed] = screen
        .getAllByTestId("notification-item")
        .map((item) => item.firstElementChild?.textContent ?? "");
      expect(placed).toContain("SW-100003");
      expect([...placed!].length).toBeLessThanOrEqual(45);
      expect(placed).toContain("…");
      expect(taken).toBe(
        lang === "en"
          ? "Order SW-100004 taken by Sami for Hala"
          : "الطلب SW-100004 سجّله Sami لـ Hala",
      );
    });

  it("cuts previews at 45 characters", () => {
    expect(cutPreview("x".repeat(45))).toBe("x".repeat(45));
    expect(cutPreview("x".repeat(46))).toBe(`${"x".repeat(45)}…`);
  });

  it.each([
    [5, { unit: "s", count: 5 }],
    [125, { unit: "mins", count: 2 }],
    [7200, { unit: "hrs", count: 2 }],
    [3 * 86_400, { unit: "d", count: 3 }],
    [-10, { unit: "s", count: 0 }],
  ])("%i seconds ago reads %o", (seconds, expected) => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(ago(new Date(now - seconds * 1000).toISOString(), now)).toEqual(expected);
  });
});
