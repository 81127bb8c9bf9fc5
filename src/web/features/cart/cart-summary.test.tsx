import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { displayCurrencies } from "../../../shared/domain/currency-codes.ts";
import { DisplayCurrencyProvider } from "../../components/ui/display-currency.tsx";
import { CartSummary, cartSummaryTotals } from "./cart-summary.tsx";
import { renderScreen } from "./render-for-test.tsx";

afterEach(cleanup);

// 39.00 - 20% + 15.00 delivery = 46.20 (the cart and checkout both show this summary).
const totals = cartSummaryTotals(3900, { cartDiscountPercent: 20, deliveryFeeCents: 1500 }, null);
const listed = displayCurrencies([{ code: "EUR", rate: 0.5, symbol: "" }]).slice(1);

function summaryIn(code: string, lang: "en" | "ar" = "en") {
  return renderScreen(
    <DisplayCurrencyProvider code={code} listed={listed}>
      <CartSummary totals={totals} coupon={null} lang={lang} />
    </DisplayCurrencyProvider>,
    { lang },
  );
}

describe("CartSummary in the shopper's currency (issue 24)", () => {
  it("in dollars: as before, and no charged-in note", async () => {
    summaryIn("USD");
    expect((await screen.findByTestId("summary-total")).textContent).toBe("$46.20");
    expect(screen.getByTestId("summary-discount").textContent).toBe("\u2212$7.80");
    expect(screen.queryByTestId("charged-in-usd")).toBeNull();
  });

  it("in euros: every line converted, and the USD total that is charged", async () => {
    summaryIn("EUR");
    expect((await screen.findByTestId("summary-subtotal")).textContent).toBe("€19.50");
    expect(screen.getByTestId("summary-discount").textContent).toBe("\u2212€3.90");
    expect(screen.getByTestId("summary-delivery").textContent).toBe("€7.50");
    expect(screen.getByTestId("summary-total").textContent).toBe("€23.10");
    const note = screen.getByTestId("charged-in-usd");
    expect(note.textContent).toContain("Charged in US dollars: $46.20");
    expect(note.textContent).toContain("Prices in EUR are shown at the shop's rate");
  });

  it("in Arabic, the note and the dollars in Arabic with Latin digits", async () => {
    summaryIn("EUR", "ar");
    expect((await screen.findByTestId("summary-total")).textContent).toBe("\u200f23.10\u00a0€");
    expect(screen.getByTestId("charged-total").textContent).toBe("\u200f46.20\u00a0US$");
    expect(screen.getByTestId("charged-in-usd").textContent).toContain(
      "يُحصَّل المبلغ بالدولار الأمريكي:",
    );
  });
});
