import { describe, expect, it } from "vitest";
import * as schemas from "../../shared/schemas/catalog.ts";
import * as constants from "./catalog-constants.ts";

describe("browser catalog constants", () => {
  it("equal the API contract's", () => {
    expect(constants.SORTS).toEqual(schemas.SORTS);
    expect(constants.SHOP_PAGE_SIZES).toEqual(schemas.SHOP_PAGE_SIZES);
    expect(constants.DEFAULT_PER_PAGE).toBe(schemas.DEFAULT_PER_PAGE);
    expect(constants.MAX_SEARCH_LENGTH).toBe(schemas.MAX_SEARCH_LENGTH);
    expect(constants.CATEGORY_SLUGS).toEqual(schemas.CATEGORY_SLUGS);
    expect(constants.SOCIAL_NETWORKS).toEqual(schemas.SOCIAL_NETWORKS);
  });
});
