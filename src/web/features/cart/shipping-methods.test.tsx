import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShippingQuote } from "../../../shared/schemas/shipping.ts";
import type { QuoteState } from "./quote-shipping.ts";
import { renderScreen } from "./render-for-test.tsx";
import { ShippingMethods } from "./shipping-methods.tsx";

afterEach(cleanup);

const domestic: ShippingQuote = {
  ok: true,
  methods: [
    {
      id: "delivery:1",
      kind: "delivery",
      name: "Home delivery",
      name_ar: "توصيل إلى المنزل",
      fee: 15,
      days: [{ date: "2026-11-26" }, { date: "2026-11-28" }],
    },
    { id: "pickup:0", kind: "pickup", name: "Main shop", name_ar: "المحل الرئيسي", fee: 0 },
  ],
};

const withSlots: ShippingQuote = {
  ok: true,
  methods: [
    {
      id: "delivery:1",
      kind: "delivery",
      name: "Home delivery",
      name_ar: "توصيل إلى المنزل",
      fee: 15,
      days: [
        {
          date: "2026-11-26",
          slots: [
            {
              id: "10:00-13:00",
              label: "10:00–13:00",
              label_ar: "من 10:00 إلى 13:00",
              available: 2,
            },
            {
              id: "17:00-21:00",
              label: "17:00–21:00",
              label_ar: "من 17:00 إلى 21:00",
              available: null,
            },
          ],
        },
        {
          date: "2026-11-28",
          slots: [
            {
              id: "17:00-21:00",
              label: "17:00–21:00",
              label_ar: "من 17:00 إلى 21:00",
              available: 1,
            },
          ],
        },
      ],
    },
  ],
};

function Picker({ quote, onRetry = () => {} }: { quote: QuoteState; onRetry?: () => void }) {
  const [method, setMethod] = useState<string | null>("delivery:1");
  const [day, setDay] = useState<string | null>("2026-11-26");
  const [slot, setSlot] = useState<string | null>(null);
  return (
    <>
      <ShippingMethods
        quote={quote}
        onRetry={onRetry}
        method={method}
        onMethod={setMethod}
        day={day}
        onDay={setDay}
        slot={slot}
        onSlot={setSlot}
        lang={document.documentElement.lang === "ar" ? "ar" : "en"}
      />
      <output data-testid="chosen">{`${method} ${day}`}</output>
      <output data-testid="chosen-slot">{slot ?? "none"}</output>
    </>
  );
}

describe("shipping method picker", () => {
  it("lists delivery with its fee and pickups as free, and the delivery days when delivering", async () => {
    renderScreen(<Picker quote={{ status: "ready", quote: domestic }} />);
    const methods = screen.getAllByTestId("shipping-method");
    expect(methods.map((m) => m.textContent)).toEqual([
      "Home deliveryDelivered to the address above.$15.00",
      "Main shopCollect it yourself at this shop: free.Free",
    ]);
    const radios = screen.getAllByRole("radio", { name: /Home delivery|Main shop/ });
    expect((radios[0] as HTMLInputElement).checked).toBe(true);

    // The day picker is loaded on demand; its days read in the page's language.
    const day = await screen.findByRole("radio", { name: /^Sat,? 28 Nov$/ });
    fireEvent.click(day);
    expect(screen.getByTestId("chosen").textContent).toBe("delivery:1 2026-11-28");

    fireEvent.click(screen.getByRole("radio", { name: /Main shop/ }));
    expect(screen.getByTestId("chosen").textContent).toBe("pickup:0 2026-11-28");
    expect(screen.queryByTestId("delivery-days")).toBeNull();
  });

  it("offers no time when the day has no slots", async () => {
    renderScreen(<Picker quote={{ status: "ready", quote: domestic }} />);
    await screen.findByTestId("delivery-days");
    expect(screen.queryByTestId("delivery-slots")).toBeNull();
  });

  it("offers the chosen day's slots with room, in both languages", async () => {
    renderScreen(<Picker quote={{ status: "ready", quote: withSlots }} />);
    const slots = await screen.findByTestId("delivery-slots");
    expect(slots.textContent).toBe("Delivery time10:00–13:0017:00–21:00");
    fireEvent.click(screen.getByRole("radio", { name: "17:00–21:00" }));
    expect(screen.getByTestId("chosen-slot").textContent).toBe("17:00-21:00");
    // Another day: only its own slots.
    fireEvent.click(screen.getByRole("radio", { name: /^Sat,? 28 Nov$/ }));
    expect(screen.getByTestId("delivery-slots").textContent).toBe("Delivery time17:00–21:00");
    cleanup();
    document.documentElement.lang = "ar";
    try {
      renderScreen(<Picker quote={{ status: "ready", quote: withSlots }} />, { lang: "ar" });
      expect((await screen.findByTestId("delivery-slots")).textContent).toBe(
        "وقت التوصيلمن 10:00 إلى 13:00من 17:00 إلى 21:00",
      );
    } finally {
      document.documentElement.lang = "en";
    }
  });

  it("speaks Arabic with Latin digits", async () => {
    document.documentElement.lang = "ar";
    try {
      renderScreen(<Picker quote={{ status: "ready", quote: domestic }} />, { lang: "ar" });
      expect(screen.getAllByTestId("shipping-method-fee").map((f) => f.textContent)).toEqual([
        expect.stringContaining("15.00"),
        "مجاناً",
      ]);
      expect(screen.getByText("توصيل إلى المنزل")).toBeTruthy();
      expect(await screen.findByText(/^الخميس،? 26 نوفمبر$/)).toBeTruthy();
    } finally {
      document.documentElement.lang = "en";
    }
  });

  it("links back to the cart for a weight cap and offers a retry when the quote failed", () => {
    const capped: QuoteState = {
      status: "ready",
      quote: {
        ok: false,
        reason: "weight_limit",
        message: "Orders shipped to France may weigh at most 1 kg. Please reduce your cart.",
        message_ar: "الحد الأقصى لوزن الطلب المشحون إلى فرنسا هو 1 كغ. يرجى تقليل الكمية.",
        max_grams: 1000,
      },
    };
    const { unmount } = renderScreen(<Picker quote={capped} />);
    expect(screen.getByRole("link", { name: "Change your cart" }).getAttribute("href")).toBe(
      "/cart",
    );
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    unmount();

    const retry = vi.fn();
    renderScreen(<Picker quote={{ status: "failed" }} onRetry={retry} />);
    expect(screen.getByRole("alert").textContent).toContain(
      "The shipping options could not be loaded.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("keeps the last answer on screen while a new quote is asked", () => {
    renderScreen(<Picker quote={{ status: "loading", previous: domestic }} />);
    expect(screen.getAllByTestId("shipping-method")).toHaveLength(2);
    expect(screen.getByTestId("shipping-methods").parentElement?.getAttribute("aria-busy")).toBe(
      "true",
    );
  });
});
