import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import AllergenPicker, { AVOID_STORAGE_KEY, type LineMark } from "./allergen-picker.tsx";
import { renderScreen } from "./render-for-test.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const food = (allergens: string[], traces: string[] = []) => ({ allergens, traces });
const FOODS: Record<string, unknown> = {
  "/api/products/1": { data: { food: food(["nuts", "gluten"]) } },
  "/api/products/2": { data: { food: food(["milk"], ["sesame"]) } },
  "/api/products/3": { data: { food: null } },
};
const lines = [
  { key: "item:1", productIds: [1] },
  { key: "item:9:box", productIds: [2, 3] },
];

describe("allergens the shopper avoids, marked in the cart", () => {
  it("marks nothing and fetches nothing while nothing is avoided", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const onMarks = vi.fn();
    renderScreen(<AllergenPicker lines={lines} lang="en" onMarks={onMarks} />);
    await waitFor(() => expect(onMarks).toHaveBeenCalledWith({}));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ["en", "Sesame", { "item:9:box": { contains: [], traces: ["Sesame"], unknown: true } }],
    ["ar", "السمسم", { "item:9:box": { contains: [], traces: ["السمسم"], unknown: true } }],
  ] as const)(
    "%s: a ticked allergen is remembered and marks the lines holding it",
    async (lang, label, expected) => {
      vi.stubGlobal("fetch", async (url: string) => Response.json(FOODS[url]));
      let marks: Record<string, LineMark> = {};
      renderScreen(<AllergenPicker lines={lines} lang={lang} onMarks={(m) => (marks = m)} />, {
        lang,
      });
      fireEvent.click(screen.getByRole("checkbox", { name: label }));
      await waitFor(() => expect(marks).toEqual(expected));
      expect(JSON.parse(window.localStorage.getItem(AVOID_STORAGE_KEY)!)).toEqual(["sesame"]);
    },
  );

  it("reads the remembered choice: nuts marks the baklava line as containing them", async () => {
    window.localStorage.setItem(AVOID_STORAGE_KEY, JSON.stringify(["nuts", "bogus"]));
    vi.stubGlobal("fetch", async (url: string) => Response.json(FOODS[url]));
    let marks: Record<string, LineMark> = {};
    renderScreen(<AllergenPicker lines={lines} lang="en" onMarks={(m) => (marks = m)} />);
    await waitFor(() =>
      expect(marks).toEqual({
        "item:1": { contains: ["Nuts"], traces: [], unknown: false },
        "item:9:box": { contains: [], traces: [], unknown: true },
      }),
    );
    expect((screen.getByRole("checkbox", { name: "Nuts" }) as HTMLInputElement).checked).toBe(true);
  });
});
