import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { RestockAlertForm } from "./restock-alert-form.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(lang: Language = "en") {
  render(
    <I18nProvider i18n={createI18n(lang, messagesFor(lang))}>
      <RestockAlertForm productId={7} grams={500} />
    </I18nProvider>,
  );
}

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe("E-mail me when it is back", () => {
  it("sends the address, the weight and the page's language, then says what will happen", async () => {
    const fetch = answer(202, { data: { email: "a@example.com" } });
    vi.stubGlobal("fetch", fetch);
    show("ar");
    fireEvent.change(screen.getByLabelText("بريدك الإلكتروني"), {
      target: { value: "a@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "أعلموني" }));
    expect((await screen.findByTestId("restock-done")).textContent).toContain("a@example.com");
    expect(fetch).toHaveBeenCalledWith(
      "/api/products/7/restock-alerts",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ email: "a@example.com", grams: 500, lang: "ar" }),
      }),
    );
  });

  it.each([
    [
      422,
      { errors: { product: ["in stock"] } },
      "This product is in stock again: you can order it now.",
    ],
    [422, { errors: { email: ["bad"] } }, "Please enter a valid email address."],
    [429, { message: "Too many" }, "Too many requests. Please wait a minute and try again."],
    [500, {}, "Something went wrong. Please try again."],
  ])("a %s answer says why", async (status, body, text) => {
    vi.stubGlobal("fetch", answer(status, body));
    show();
    fireEvent.change(screen.getByLabelText("Your e-mail"), { target: { value: "a@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Notify me" }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });
});
