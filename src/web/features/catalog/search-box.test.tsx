import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n/config.ts";
import { messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { SEARCH_PAUSE_MS, SearchBox } from "./search-box.tsx";

/** Every URL the page was at, in order: one entry per navigation. */
let visited: string[] = [];

function Probe() {
  const location = useLocation();
  useEffect(() => {
    visited.push(`${location.pathname}${location.search}`);
  }, [location]);
  return null;
}

function ShopPage() {
  return (
    <>
      <SearchBox label="Search products" placeholder="Search sweets…" />
      <Probe />
    </>
  );
}
const Stub = createRoutesStub([{ path: "/shop", Component: ShopPage }]);

function renderSearch(url: string) {
  render(
    <I18nProvider i18n={createI18n("en", messagesFor("en"))}>
      <Stub initialEntries={[url]} />
    </I18nProvider>,
  );
  return screen.getByRole("searchbox", { name: "Search products" }) as HTMLInputElement;
}

beforeEach(() => {
  visited = [];
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const type = (input: HTMLInputElement, value: string) =>
  fireEvent.change(input, { target: { value } });

describe("debounced shop search", () => {
  it("updates the URL once, 300 ms after the last keystroke, with the text trimmed", async () => {
    const input = renderSearch("/shop?category=baklava&page=3");
    expect(visited).toEqual(["/shop?category=baklava&page=3"]);

    for (const partial of [" p", " pi", " pis", " pista", " pistachio "]) {
      type(input, partial);
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(visited).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS - 100 - 1));
    expect(visited).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // A new search starts again at page 1 and keeps the category.
    expect(visited).toEqual([
      "/shop?category=baklava&page=3",
      "/shop?search=pistachio&category=baklava",
    ]);
    expect(input.value).toBe(" pistachio ");
  });

  it("does not navigate when only spaces around the same text changed", async () => {
    const input = renderSearch("/shop?search=maamoul");
    expect(input.value).toBe("maamoul");
    type(input, "  maamoul  ");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS * 2));
    expect(visited).toEqual(["/shop?search=maamoul"]);
  });

  it("clearing the box removes the search from the URL", async () => {
    const input = renderSearch("/shop?search=maamoul&per_page=12");
    type(input, "");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS));
    expect(visited.at(-1)).toBe("/shop?per_page=12");
  });

  it("Enter searches at once, without waiting for the pause", async () => {
    const input = renderSearch("/shop");
    type(input, "baklava ");
    fireEvent.submit(input.form as HTMLFormElement);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(visited).toEqual(["/shop", "/shop?search=baklava"]);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_PAUSE_MS));
    expect(visited).toHaveLength(2);
  });
});
