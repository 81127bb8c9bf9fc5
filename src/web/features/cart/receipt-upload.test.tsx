import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ReceiptUpload } from "./receipt-upload.tsx";
import { renderScreen } from "./render-for-test.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sent = [
  { id: 1, content_type: "image/webp", bytes: 1200, created_at: "2026-11-25T10:05:00.000Z" },
  { id: 2, content_type: "application/pdf", bytes: 900, created_at: "2026-11-25T11:30:00.000Z" },
];

describe("the bank-transfer receipt on the private order page", () => {
  it.each([
    [
      "en",
      "Sent the transfer? Send us the receipt",
      ["Photo received", "PDF received"],
      "Please choose a photo or PDF of the receipt.",
    ],
    [
      "ar",
      "أرسلت الحوالة؟ أرسل لنا الإيصال",
      ["استُلمت صورة", "استُلم ملف PDF"],
      "يرجى اختيار صورة أو ملف PDF للإيصال.",
    ],
  ] as const)(
    "%s: lists what was sent and asks for a file before sending",
    async (lang, title, kinds, choose) => {
      const fetchMock = vi.fn(async (_url: string) => Response.json({ data: sent }));
      vi.stubGlobal("fetch", fetchMock);
      renderScreen(<ReceiptUpload number="SW-10001" accessKey="secret" />, { lang });
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
      const items = await screen.findAllByRole("listitem");
      expect(items.map((li) => li.textContent?.split(" · ")[0])).toEqual(kinds);
      expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/orders/SW-10001/receipts?key=secret");

      fireEvent.submit(screen.getByRole("button").closest("form")!);
      expect((await screen.findByText(choose)).textContent).toBe(choose);
    },
  );

  it("offers no more uploads once five receipts were sent", async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ ...sent[0]!, id: i + 1 }));
    vi.stubGlobal("fetch", async () => Response.json({ data: five }));
    renderScreen(<ReceiptUpload number="SW-10001" accessKey="secret" />);
    expect(await screen.findAllByRole("listitem")).toHaveLength(5);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
