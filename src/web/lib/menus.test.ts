import { describe, expect, it } from "vitest";
import { SITEMAP_PATHS } from "../../shared/domain/paths.ts";
import { FOOTER_LINKS, POLICY_LINKS, STOREFRONT_NAV } from "./menus.ts";

describe("the sitemap's pages", () => {
  it("are the storefront menus' pages, each once", () => {
    const menuPages = new Set(
      [...STOREFRONT_NAV, ...FOOTER_LINKS, ...POLICY_LINKS].map((item) => item.to),
    );
    expect(new Set(SITEMAP_PATHS)).toEqual(menuPages);
    expect(SITEMAP_PATHS).toHaveLength(menuPages.size);
  });
});
