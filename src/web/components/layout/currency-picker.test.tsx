import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { displayCurrencies } from "../../../shared/domain/currency-codes.ts";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { DisplayCurrencyProvider, useMoney } from "../ui/display-currency.tsx";
import { Price } from "../ui/price.tsx";
import { CurrencyPicker } from "./currency-picker.tsx";

afterEach(() => {
  cleanup();
  // biome-ignore lint/suspicious/noDocumentCookie: resets the cookie the picker writes
  document.cookie = "currency=; path=/; max-age=0";
});

const listed = displayCurrencies([
  { code: "EUR", rate: 0.5, symbol: "€" },
  { code: "SYP", rate: 13_000, symbol: "SYP" },
]).slice(1);

function Total({ lang }: { lang: "en" | "ar" }) {
  const money = useMoney(lang);
  return <output data-testid="total">{money(3120)}</output>;
}

function Shop({ code, lang = "en" }: { code: string; lang?: "en" | "ar" }) {
  return (
    <DisplayCurrencyProvider code={code} listed={listed}>
      <CurrencyPicker />
      <Price amount={19.99} regular={25} lang={lang} display />
      <Price amount={19.99} lang={lang} />
      <Total lang={lang} />
    </DisplayCurrencyProvider>
  );
}

describe("CurrencyPicker (issue 24)", () => {
  it("starts from the server's choice and lists USD first, then the owner's currencies", async () => {
    renderInShell(<Shop code="EUR" />);
    const picker = (await screen.findByRole("combobox", { name: "Currency" })) as HTMLSelectElement;
    expect(picker.value).toBe("EUR");
    expect([...picker.options].map((o) => o.textContent)).toEqual(["USD $", "EUR €", "SYP SYP"]);
    const prices = screen.getAllByTestId("price").map((p) => p.textContent);
    // The display price is converted; a record price (no `display`) stays in dollars.
    expect(prices).toEqual(["€10.00", "$19.99"]);
    expect(screen.getByText("€12.50")).toBeTruthy(); // the regular price, struck through
    expect(screen.getByTestId("total").textContent).toBe("€15.60");
  });

  it("a pick switches every display price at once and remembers it in the cookie", async () => {
    renderInShell(<Shop code="USD" />);
    const picker = await screen.findByRole("combobox", { name: "Currency" });
    expect(screen.getByTestId("total").textContent).toBe("$31.20");
    await userEvent.selectOptions(picker, "SYP");
    expect(screen.getByTestId("total").textContent).toBe("SYP\u00a0405,600");
    expect(screen.getAllByTestId("price")[0]?.textContent).toBe("SYP\u00a0259,900");
    expect(document.cookie).toContain("currency=SYP");
    await userEvent.selectOptions(picker, "USD");
    expect(screen.getByTestId("total").textContent).toBe("$31.20");
    expect(document.cookie).toContain("currency=USD");
  });

  it("in Arabic: Arabic labels and symbols, Latin digits", async () => {
    renderInShell(<Shop code="SYP" lang="ar" />, { lang: "ar" });
    const picker = (await screen.findByRole("combobox", { name: "العملة" })) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(["USD US$", "EUR €", "SYP ل.س"]);
    expect(screen.getByTestId("total").textContent).toBe("\u200f405,600\u00a0ل.س");
  });

  it("is not shown when the owner lists no other currency; prices stay in dollars", async () => {
    renderInShell(
      <DisplayCurrencyProvider code="EUR" listed={[]}>
        <CurrencyPicker />
        <Total lang="en" />
      </DisplayCurrencyProvider>,
    );
    expect((await screen.findByTestId("total")).textContent).toBe("$31.20");
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("without a provider (back office, order records) everything is dollars and no picker shows", async () => {
    renderInShell(
      <>
        <CurrencyPicker />
        <Total lang="ar" />
      </>,
      { lang: "ar" },
    );
    expect((await screen.findByTestId("total")).textContent).toBe("\u200f31.20\u00a0US$");
    expect(screen.queryByRole("combobox")).toBeNull();
  });
});
