import { describe, expect, it } from "vitest";
import {
  bodyHasContent,
  type CampaignBlock,
  campaignAllowance,
  isCampaignUrl,
} from "./campaigns.ts";

describe("campaignAllowance", () => {
  it.each([
    // rate, handed in the last minute, batch, allowed now
    [60, 0, 500, 60],
    [60, 59, 500, 1],
    [60, 60, 500, 0],
    [60, 75, 500, 0],
    [1000, 0, 500, 500],
    [1000, 700, 500, 300],
    [1, 0, 500, 1],
  ])("rate %i, %i handed, batch %i: %i", (rate, handed, batch, allowed) => {
    expect(campaignAllowance(rate, handed, batch)).toBe(allowed);
  });
});

describe("bodyHasContent", () => {
  it.each<[CampaignBlock[], boolean]>([
    [[], false],
    [[{ type: "paragraph", text: "   " }], false],
    [[{ type: "heading", text: "Eid" }], true],
    [[{ type: "image", url: "/uploads/1.jpg", alt: "" }], true],
    [[{ type: "product", product_id: 3 }], true],
    [
      [
        { type: "link", text: "", url: "https://x.test" },
        { type: "paragraph", text: "" },
      ],
      false,
    ],
  ])("%j: %s", (blocks, has) => {
    expect(bodyHasContent(blocks)).toBe(has);
  });
});

describe("isCampaignUrl", () => {
  it.each([
    ["https://shop.example.com/eid", true],
    ["http://shop.example.com", true],
    ["/uploads/7", true],
    ["//evil.test/x", false],
    ["javascript:alert(1)", false],
    ["mailto:a@b.c", false],
    ["shop", false],
  ])("%s: %s", (url, ok) => {
    expect(isCampaignUrl(url)).toBe(ok);
  });
});
