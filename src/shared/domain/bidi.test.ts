import { describe, expect, it } from "vitest";
import {
  addressParts,
  FIRST_STRONG_ISOLATE as FSI,
  isolate,
  isolatedList,
  listSeparator,
  POP_DIRECTIONAL_ISOLATE as PDI,
  quantityText,
} from "./bidi.ts";

describe("isolate", () => {
  it.each([
    ["Lyon", `${FSI}Lyon${PDI}`],
    ["دمشق", `${FSI}دمشق${PDI}`],
    ["12, rue de la République", `${FSI}12, rue de la République${PDI}`],
    ["", ""],
  ])("%j", (text, expected) => {
    expect(isolate(text)).toBe(expected);
  });
});

describe("listSeparator", () => {
  it.each([
    ["en", ", "],
    ["ar", "، "],
  ] as const)("%s", (lang, expected) => {
    expect(listSeparator(lang)).toBe(expected);
  });
});

describe("addressParts", () => {
  it.each([
    [
      "a Latin address in an Arabic order: the country in Arabic",
      { address: "12, rue de la République", city: "Lyon", country: "FR" },
      "ar",
      ["12, rue de la République", "Lyon", "فرنسا"],
    ],
    [
      "the same in English",
      { address: "12, rue de la République", city: "Lyon", country: "fr" },
      "en",
      ["12, rue de la République", "Lyon", "France"],
    ],
    [
      "empty and blank parts are left out",
      { address: "  ", city: null, country: "SY" },
      "en",
      ["Syria"],
    ],
  ] as const)("%s", (_case, order, lang, expected) => {
    expect(addressParts(order, lang)).toEqual(expected);
  });
});

describe("isolatedList", () => {
  it.each([
    ["en", ["Lyon", "France"], `${FSI}Lyon${PDI}, ${FSI}France${PDI}`],
    ["ar", ["Lyon", "فرنسا"], `${FSI}Lyon${PDI}، ${FSI}فرنسا${PDI}`],
    ["ar", [], ""],
  ] as const)("%s %j", (lang, parts, expected) => {
    expect(isolatedList(parts, lang)).toBe(expected);
  });
});

describe("quantityText", () => {
  it.each([
    [1000, 2, "en", `${FSI}1 kg${PDI} × 2`],
    [1000, 2, "ar", `${FSI}1 كغ${PDI} × 2`],
    [250, 3, "ar", `${FSI}250 غ${PDI} × 3`],
  ] as const)("%i g × %i (%s)", (grams, qty, lang, expected) => {
    expect(quantityText(grams, qty, lang)).toBe(expected);
  });
});
