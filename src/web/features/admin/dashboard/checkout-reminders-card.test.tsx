import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CheckoutRemindersCard } from "./checkout-reminders-card.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stub() {
  const urls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    return Response.json({ data: { sent: 12, ordered: 5 } });
  });
  return urls;
}

describe("the dashboard's reminders card", () => {
  it("shows the reminders sent and the orders that followed", async () => {
    const urls = stub();
    renderWithKit(<CheckoutRemindersCard />);
    expect((await screen.findByTestId("reminders-sent")).textContent).toBe("12");
    expect(screen.getByTestId("reminders-ordered").textContent).toBe("5");
    expect(screen.getByText("Orders within 7 days")).toBeTruthy();
    expect(urls).toEqual(["/api/admin/checkout-reminders"]);
  });

  it("speaks Arabic", async () => {
    stub();
    renderWithKit(<CheckoutRemindersCard />, { lang: "ar" });
    await screen.findByTestId("reminders-sent");
    expect(screen.getByText("التذكيرات المرسلة")).toBeTruthy();
  });
});
