import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { SendMessageButton } from "./send-message-dialog.tsx";

// Issue 25: the order desk's "Send on WhatsApp" shows the server's message (in the ORDER's
// language) and links to the messaging app prefilled with it for the customer's number.

const arabic = {
  text: "مرحباً ليلى، نراسلك من حلويات القطر الذهبي بخصوص طلبك SW-10007.\nالحالة: مؤكَّد\nتابع طلبك من هنا: https://shop.example.com/order/SW-10007?key=k1",
  phone: "963944000111",
  link: "https://shop.example.com/order/SW-10007?key=k1",
  lang: "ar",
};

let calls: string[];
let reply: () => Response;
beforeEach(() => {
  calls = [];
  reply = () => Response.json({ data: arabic });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return reply();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Send on WhatsApp", () => {
  it.each([
    ["en", "Send on WhatsApp", "Open WhatsApp", "Written in Arabic, the language of the order."],
    ["ar", "إرسال عبر واتساب", "فتح واتساب", "مكتوبة بـالعربية، لغة الطلب."],
  ] as const)(
    "%s desk: an Arabic order's message, prefilled for the customer's number",
    async (lang, button, open, note) => {
      renderWithKit(<SendMessageButton orderId={7} />, { lang });
      fireEvent.click(screen.getByRole("button", { name: button }));
      const dialog = await screen.findByTestId("send-message-dialog");
      const link = await within(dialog).findByRole("link", { name: open });
      expect(calls).toEqual(["POST /api/admin/orders/7/message"]);
      expect(link.getAttribute("href")).toBe(
        `https://wa.me/963944000111?text=${encodeURIComponent(arabic.text)}`,
      );
      const preview = within(dialog).getByTestId("message-preview");
      expect(preview.textContent).toBe(arabic.text);
      expect(preview.getAttribute("dir")).toBe("rtl");
      expect(within(dialog).getByText(note)).toBeTruthy();
    },
  );

  it("without a usable number the app is opened to choose the chat, and says so", async () => {
    reply = () => Response.json({ data: { ...arabic, phone: null, lang: "en", text: "Hello" } });
    renderWithKit(<SendMessageButton orderId={7} />);
    fireEvent.click(screen.getByRole("button", { name: "Send on WhatsApp" }));
    const link = await screen.findByRole("link", { name: "Open WhatsApp" });
    expect(link.getAttribute("href")).toBe("https://wa.me/?text=Hello");
    expect(screen.getByRole("note").textContent).toContain("choose the chat");
    expect(screen.getByTestId("message-preview").getAttribute("dir")).toBe("ltr");
  });

  it("a failure is shown translated, with a retry", async () => {
    reply = () => new Response("", { status: 503 });
    renderWithKit(<SendMessageButton orderId={7} />, { lang: "ar" });
    fireEvent.click(screen.getByRole("button", { name: "إرسال عبر واتساب" }));
    expect(await screen.findByText("تعذّر تحضير الرسالة.")).toBeTruthy();
    reply = () => Response.json({ data: arabic });
    fireEvent.click(screen.getByRole("button", { name: "أعد المحاولة" }));
    expect(await screen.findByRole("link", { name: "فتح واتساب" })).toBeTruthy();
  });
});
