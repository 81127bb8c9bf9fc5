import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { Pagination } from "./pagination.tsx";

afterEach(cleanup);

let shown = { page: 1, lastPage: 1 };
function ShopPage() {
  return <Pagination {...shown} hrefFor={(n) => `/shop?page=${n}`} />;
}
const Stub = createRoutesStub([{ path: "/shop", Component: ShopPage }]);

function renderPagination(page: number, lastPage: number, lang: Language = "en") {
  const i18n = createI18n(lang, messagesFor(lang));
  shown = { page, lastPage };
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={["/shop"]} />
    </I18nProvider>,
  );
  return screen.queryByRole("navigation", { name: lang === "en" ? "Pagination" : "ترقيم الصفحات" });
}

/** What a shopper sees in the bar: numbers, "…" and the two end controls. */
function cells(nav: HTMLElement) {
  return [...nav.querySelectorAll("li")].map((li) => li.textContent);
}

describe("pagination", () => {
  it.each([
    [1, 3, ["Previous", "1", "2", "3", "Next"]],
    [1, 10, ["Previous", "1", "2", "3", "4", "…", "10", "Next"]],
    [5, 10, ["Previous", "1", "…", "4", "5", "6", "…", "10", "Next"]],
    [10, 10, ["Previous", "1", "…", "7", "8", "9", "10", "Next"]],
  ])("page %i of %i shows %j", (page, last, expected) => {
    const nav = renderPagination(page, last);
    expect(nav).not.toBeNull();
    expect(cells(nav as HTMLElement)).toEqual(expected);
  });

  it("marks the current page with aria-current and links every number to its URL", () => {
    const nav = renderPagination(5, 10) as HTMLElement;
    const current = within(nav).getByRole("link", { name: "Page 5" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(
      within(nav).getByRole("link", { name: "Page 4" }).getAttribute("aria-current"),
    ).toBeNull();
    expect(within(nav).getByRole("link", { name: "Page 10" }).getAttribute("href")).toBe(
      "/shop?page=10",
    );
    expect(within(nav).getByRole("link", { name: "Next" }).getAttribute("href")).toBe(
      "/shop?page=6",
    );
    expect(within(nav).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe(
      "/shop?page=4",
    );
  });

  it("disables Previous on the first page and Next on the last", () => {
    let nav = renderPagination(1, 4) as HTMLElement;
    expect(within(nav).queryByRole("link", { name: "Previous" })).toBeNull();
    expect(within(nav).getByText("Previous").getAttribute("aria-disabled")).toBe("true");
    expect(within(nav).getByRole("link", { name: "Next" })).toBeTruthy();
    cleanup();

    nav = renderPagination(4, 4) as HTMLElement;
    expect(within(nav).queryByRole("link", { name: "Next" })).toBeNull();
    expect(within(nav).getByText("Next").getAttribute("aria-disabled")).toBe("true");
    expect(within(nav).getByRole("link", { name: "Previous" })).toBeTruthy();
  });

  it("shows nothing when everything fits on one page", () => {
    expect(renderPagination(1, 1)).toBeNull();
  });

  it("speaks Arabic in Arabic pages, with Latin page numbers", () => {
    const nav = renderPagination(2, 3, "ar") as HTMLElement;
    expect(cells(nav)).toEqual(["السابق", "1", "2", "3", "التالي"]);
    expect(within(nav).getByRole("link", { name: "الصفحة 2" }).getAttribute("aria-current")).toBe(
      "page",
    );
  });
});
