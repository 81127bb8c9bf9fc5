import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTranslation } from "../../i18n/translator.tsx";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { LanguageToggle } from "./language-toggle.tsx";

function clearLanguage() {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the language cookie between tests
  document.cookie = "lang=; path=/; max-age=0";
  document.documentElement.lang = "en";
  document.documentElement.dir = "ltr";
}
beforeEach(clearLanguage);
afterEach(() => {
  cleanup();
  clearLanguage();
});

function Greeting() {
  const { t } = useTranslation();
  return <p data-testid="home-text">{t("nav.home")}</p>;
}

describe("language toggle (SPEC 1)", () => {
  it("switches to Arabic: texts, <html lang dir>, local storage and the cookie", async () => {
    const user = userEvent.setup();
    renderInShell(
      <>
        <LanguageToggle />
        <Greeting />
      </>,
    );
    const toggle = await screen.findByRole("button", { name: "Switch to Arabic" });
    // The full name from small screens up; phones see the one-letter label beside it.
    expect(within(toggle).getByText("العربية").className).toContain("sm:inline");
    expect(within(toggle).getByText("ع").getAttribute("aria-hidden")).toBe("true");
    expect(toggle.getAttribute("lang")).toBe("ar");

    await user.click(toggle);
    await screen.findByRole("button", { name: "التبديل إلى الإنجليزية" });
    expect(screen.getByTestId("home-text").textContent).toBe("الرئيسية");
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(localStorage.getItem("i18nextLng")).toBe("ar");
    expect(document.cookie).toContain("lang=ar");
  });

  it("switches back to English from an Arabic page", async () => {
    const user = userEvent.setup();
    renderInShell(
      <>
        <LanguageToggle />
        <Greeting />
      </>,
      { lang: "ar" },
    );
    await user.click(await screen.findByRole("button", { name: "التبديل إلى الإنجليزية" }));
    await screen.findByRole("button", { name: "Switch to Arabic" });
    expect(screen.getByTestId("home-text").textContent).toBe("Home");
    expect(document.documentElement.lang).toBe("en");
    expect(document.documentElement.dir).toBe("ltr");
    expect(localStorage.getItem("i18nextLng")).toBe("en");
    expect(document.cookie).toContain("lang=en");
  });

  it("on the storefront is a link to the page in the other language that remembers the choice", async () => {
    renderInShell(<LanguageToggle href="/ar/shop" />, { path: "/shop" });
    const toggle = await screen.findByRole("link", { name: "Switch to Arabic" });
    expect(toggle.getAttribute("href")).toBe("/ar/shop");
    expect(toggle.getAttribute("hreflang")).toBe("ar");
    // The browser follows the link (the server renders Arabic there); the click only remembers.
    toggle.addEventListener("click", (event) => event.preventDefault());
    await userEvent.setup().click(toggle);
    expect(localStorage.getItem("i18nextLng")).toBe("ar");
    expect(document.cookie).toContain("lang=ar");
  });
});
