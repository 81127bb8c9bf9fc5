import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../cart/render-for-test.tsx";
import { GiftCardForm } from "./gift-card-form.tsx";

const offer = { enabled: true, amounts: [25, 50, 100], custom_min: 10, custom_max: 500 };
const TODAY = "2026-11-29";

afterEach(cleanup);

function fill(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    fireEvent.input(screen.getByLabelText(new RegExp(`^${label}`, "u")), { target: { value } });
}

describe("the gift card page's form", () => {
  it("adds the chosen amount, recipient, message, day and language to the cart", async () => {
    const onAdd = vi.fn(() => true);
    renderScreen(<GiftCardForm offer={offer} today={TODAY} lang="en" onAdd={onAdd} />);
    // The owner's amounts, the first chosen; the day starts today; the e-mail in the page's language.
    expect(
      screen
        .getAllByRole("radio")
        .slice(0, 4)
        .map((r) => r.parentElement?.textContent),
    ).toEqual(["$25.00", "$50.00", "$100.00", "Another amount"]);
    expect((screen.getByRole("radio", { name: "$25.00" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Send day/u) as HTMLInputElement).value).toBe(TODAY);
    fireEvent.click(screen.getByRole("radio", { name: "$50.00" }));
    fill({
      "Recipient's name": "Mother",
      "Recipient's e-mail": "mum@example.com",
      Message: "Eid Mubarak",
      "Send day": "2026-12-24",
    });
    expect((screen.getByRole("radio", { name: "English" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Arabic" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd).toHaveBeenCalledWith({
      amount: 50,
      recipient_name: "Mother",
      recipient_email: "mum@example.com",
      message: "Eid Mubarak",
      send_on: "2026-12-24",
      lang: "ar",
    });
    expect((await screen.findByTestId("gift-card-added")).textContent).toBe(
      "The gift card is in your cart. View cart",
    );
    expect(screen.getByRole("link", { name: "View cart" }).getAttribute("href")).toBe("/cart");
    // The next card starts blank.
    expect((screen.getByLabelText(/^Recipient's name/u) as HTMLInputElement).value).toBe("");
  });

  it("checks with the server's rules: required fields, the custom limits, a day gone by", async () => {
    const onAdd = vi.fn(() => true);
    renderScreen(<GiftCardForm offer={offer} today={TODAY} lang="en" onAdd={onAdd} />);
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(await screen.findByText("Enter the recipient's name.")).toBeTruthy();
    expect(screen.getByText("Enter the recipient's e-mail address.")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Another amount" }));
    fill({
      "Amount, from": "600",
      "Recipient's name": "Mother",
      "Recipient's e-mail": "mum@example.com",
      "Send day": "2026-11-01",
    });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(
      await screen.findByText(
        "Choose one of the gift card amounts, or an amount within the limits.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Choose a send day from today to a year ahead.")).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    fill({ "Amount, from": "75.5", "Send day": TODAY });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ amount: 75.5, message: null }));
  });

  it("says so when the cart holds the most cards, and when the owner sells none", async () => {
    renderScreen(<GiftCardForm offer={offer} today={TODAY} lang="en" onAdd={() => false} />);
    fill({ "Recipient's name": "Mother", "Recipient's e-mail": "mum@example.com" });
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(
      await screen.findByText("Your cart holds the most gift cards one order may buy (10)."),
    ).toBeTruthy();
    cleanup();
    renderScreen(
      <GiftCardForm offer={{ ...offer, enabled: false }} today={TODAY} lang="en" onAdd={vi.fn()} />,
    );
    expect(screen.getByTestId("gift-off").textContent).toBe(
      "Gift cards are not sold at the moment.",
    );
  });

  it("speaks Arabic: labels, amounts and the rules' refusals", async () => {
    const onAdd = vi.fn(() => true);
    renderScreen(<GiftCardForm offer={offer} today={TODAY} lang="ar" onAdd={onAdd} />, {
      lang: "ar",
    });
    expect(screen.getByRole("radio", { name: "قيمة أخرى" })).toBeTruthy();
    expect(screen.getByText("القيمة")).toBeTruthy();
    expect(screen.getByText("لغة البريد الإلكتروني")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "العربية" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "أضف إلى السلة" }));
    expect(await screen.findByText("أدخل اسم المُهدى إليه.")).toBeTruthy();
    expect(screen.getByText("أدخل البريد الإلكتروني للمُهدى إليه.")).toBeTruthy();
    fill({ "اسم المُهدى إليه": "أمي", "البريد الإلكتروني للمُهدى إليه": "mum@example.com" });
    fireEvent.click(screen.getByRole("button", { name: "أضف إلى السلة" }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 25, recipient_name: "أمي", lang: "ar" }),
    );
    expect((await screen.findByTestId("gift-card-added")).textContent).toContain(
      "أُضيفت بطاقة الهدية إلى سلتك.",
    );
  });
});
