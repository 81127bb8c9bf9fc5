import { describe, expect, it } from "vitest";
import { readShopParams, type ShopParams, shopSearch } from "./shop-params.ts";

const read = (query: string) => readShopParams(new URLSearchParams(query));

describe("shop URL state", () => {
  it.each([
    ["", { search: "", category: "", perPage: 9, page: 1, sort: undefined }],
    [
      "search=%20baklava%20&category=maamoul&per_page=24&page=3&sort=price_desc",
      { search: "baklava", category: "maamoul", perPage: 24, page: 3, sort: "price_desc" },
    ],
    // Hand-edited URLs land on a sensible page instead of an error.
    ["per_page=7&page=0&sort=cheapest", { perPage: 9, page: 1, sort: undefined }],
    ["per_page=abc&page=-2", { perPage: 9, page: 1 }],
    // "Without": the filter's allergens, in its order, unknown names dropped.
    ["without=milk,NUTS,chocolate,,milk", { without: ["nuts", "milk"] }],
    ["without=", { without: [] }],
  ])("reads %j", (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });

  it.each([
    ["category=baklava&page=3", { category: "sweets" }, "?category=sweets"],
    ["category=baklava&page=3", { perPage: 12 }, "?category=baklava&per_page=12"],
    ["page=3", { search: "kunafa" }, "?search=kunafa"],
    ["page=3&per_page=6", { page: 4 }, "?per_page=6&page=4"],
    ["category=baklava&per_page=6", { category: "" }, "?per_page=6"],
    ["per_page=12", { perPage: 9 }, ""],
    ["search=x&sort=name&page=2", { sort: undefined }, "?search=x"],
    [
      "category=baklava&page=2",
      { without: ["milk", "nuts"] },
      "?category=baklava&without=nuts,milk",
    ],
    ["without=nuts,milk&page=2", { without: ["milk"] }, "?without=milk"],
    ["without=nuts&page=2", { page: 3 }, "?without=nuts&page=3"],
  ])(
    "from %j, %j goes to %j (page back to 1 when a filter changes)",
    (query, changes, expected) => {
      expect(shopSearch(read(query), changes as Partial<ShopParams>)).toBe(expected);
    },
  );

  it("uses q on /search", () => {
    const params = readShopParams(new URLSearchParams("q=pistachio&page=2"), "q");
    expect(params.search).toBe("pistachio");
    expect(shopSearch(params, { perPage: 6 }, "q")).toBe("?q=pistachio&per_page=6");
  });
});
