import { describe, expect, it } from "vitest";
import {
  type BoxContent,
  type BoxDefinition,
  boxDefinitionProblems,
  boxFormText,
  boxFromFormText,
  boxMessage,
  boxPriceCents,
  boxProblems,
  contentsKey,
  fillFromFields,
  gramChoices,
  normaliseContents,
  remainingGrams,
  stockTaken,
} from "./boxes.ts";

const box: BoxDefinition = {
  sizes: [
    { grams: 500, priceCents: 2500 },
    { grams: 1000, priceCents: null },
    { grams: 2000, priceCents: 8000 },
  ],
  stepGrams: 100,
  productIds: [1, 2, 3],
};

const c = (productId: number, grams: number): BoxContent => ({ productId, grams });

describe("boxProblems", () => {
  it.each<[string, number, BoxContent[], Record<string, string[]>]>([
    ["a full 1 kg box from three sweets", 1000, [c(1, 400), c(2, 300), c(3, 300)], {}],
    ["a full 500 g box from one sweet", 500, [c(2, 500)], {}],
    ["a size the box does not come in", 1500, [c(1, 1500)], { grams: ["SIZE_UNKNOWN"] }],
    ["an empty box", 1000, [], { contents: ["CONTENTS_REQUIRED"] }],
    ["a box not full", 1000, [c(1, 400), c(2, 300)], { contents: ["NOT_FULL"] }],
    ["a box over its size", 500, [c(1, 400), c(2, 300)], { contents: ["NOT_FULL"] }],
    ["a sweet not allowed", 1000, [c(1, 500), c(9, 500)], { "contents.1": ["NOT_ALLOWED"] }],
    [
      "grams off the step",
      1000,
      [c(1, 450), c(2, 550)],
      {
        "contents.0": ["OFF_STEP"],
        "contents.1": ["OFF_STEP"],
      },
    ],
    ["zero grams", 1000, [c(1, 1000), c(2, 0)], { "contents.1": ["OFF_STEP"] }],
    ["negative grams", 1000, [c(1, 1100), c(2, -100)], { "contents.1": ["OFF_STEP"] }],
    [
      "several faults at once",
      700,
      [c(9, 350)],
      {
        grams: ["SIZE_UNKNOWN"],
        "contents.0": ["NOT_ALLOWED", "OFF_STEP"],
        contents: ["NOT_FULL"],
      },
    ],
  ])("%s", (_name, grams, contents, expected) => {
    expect(boxProblems(box, grams, contents)).toEqual(expected);
  });

  it("refuses more than 20 different sweets", () => {
    const many = { ...box, stepGrams: 10, productIds: Array.from({ length: 30 }, (_, i) => i + 1) };
    const contents = Array.from({ length: 21 }, (_, i) => c(i + 1, 10));
    expect(
      boxProblems({ ...many, sizes: [{ grams: 210, priceCents: null }] }, 210, contents),
    ).toEqual({ contents: ["TOO_MANY"] });
  });
});

describe("boxPriceCents", () => {
  const perKg = new Map([
    [1, 3000],
    [2, 2000],
    [3, 4550],
  ]);
  it.each<[string, number, BoxContent[], number]>([
    ["a size with its own price", 500, [c(1, 500)], 2500],
    ["another size with its own price, whatever is in it", 2000, [c(3, 2000)], 8000],
    [
      "priced by contents: each sweet's grams at its kilo price",
      1000,
      [c(1, 400), c(2, 300), c(3, 300)],
      1200 + 600 + 1365,
    ],
    ["each sweet rounded to the cent", 1000, [c(3, 100), c(3, 900)], 455 + 4095],
    ["a sweet without a price counts nothing", 1000, [c(7, 1000)], 0],
  ])("%s", (_name, grams, contents, cents) => {
    expect(boxPriceCents(box, grams, contents, perKg)).toBe(cents);
  });
});

describe("filling", () => {
  it("merges repeats and orders by sweet, so equal boxes have equal keys", () => {
    expect(normaliseContents([c(3, 200), c(1, 300), c(3, 100), c(2, 0)])).toEqual([
      c(1, 300),
      c(3, 300),
    ]);
    expect(contentsKey([c(3, 300), c(1, 300)])).toBe(
      contentsKey([c(1, 100), c(3, 300), c(1, 200)]),
    );
    expect(contentsKey([c(1, 300)])).not.toBe(contentsKey([c(1, 400)]));
  });

  it.each<[number, BoxContent[], number]>([
    [1000, [], 1000],
    [1000, [c(1, 400), c(2, 300)], 300],
    [1000, [c(1, 1000)], 0],
    [500, [c(1, 600)], -100],
  ])("%i g with %j leaves %i g", (size, contents, left) => {
    expect(remainingGrams(size, contents)).toBe(left);
  });

  it.each<[number, number, number[]]>([
    [0, 1000, [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]],
    [300, 200, [0, 100, 200, 300, 400, 500]],
    [400, 0, [0, 100, 200, 300, 400]],
  ])("a sweet at %i g with %i g left is offered its steps", (current, left, choices) => {
    expect(gramChoices(box, 1000, current, left)).toEqual(choices);
  });
});

describe("boxDefinitionProblems", () => {
  it.each<[string, BoxDefinition, Record<string, string[]>]>([
    ["a good box", box, {}],
    [
      "a size off the step",
      { ...box, sizes: [{ grams: 750, priceCents: null }], stepGrams: 500 },
      { "box.sizes.0.grams": ["A box size must be a multiple of the step."] },
    ],
    [
      "a size twice",
      {
        ...box,
        sizes: [
          { grams: 500, priceCents: null },
          { grams: 500, priceCents: 100 },
        ],
      },
      { "box.sizes.1.grams": ["Each box size is given once."] },
    ],
    [
      "a sweet twice",
      { ...box, productIds: [1, 1] },
      { "box.product_ids": ["Each sweet is listed once."] },
    ],
  ])("%s", (_name, definition, expected) => {
    expect(boxDefinitionProblems(definition)).toEqual(expected);
  });
});

describe("boxMessage", () => {
  it("says each problem in both languages", () => {
    expect(boxMessage("NOT_FULL", "en")).toBe("The box's contents must weigh exactly its size.");
    expect(boxMessage("NOT_FULL", "ar")).toBe("يجب أن يساوي وزن محتويات العلبة حجمها تماماً.");
  });
});

describe("stockTaken", () => {
  it.each<[string, Parameters<typeof stockTaken>[0], [number, number][]]>([
    ["an ordinary line takes its grams x qty", [{ productId: 1, grams: 500, qty: 3 }], [[1, 1500]]],
    [
      "a box takes each sweet's grams x qty, none of the box itself",
      [{ productId: 9, grams: 1000, qty: 2, contents: [c(1, 400), c(2, 600)] }],
      [
        [1, 800],
        [2, 1200],
      ],
    ],
    [
      "a sweet bought alone and in a box is summed",
      [
        { productId: 1, grams: 1000, qty: 1 },
        { productId: 9, grams: 500, qty: 1, contents: [c(1, 500)] },
      ],
      [[1, 1500]],
    ],
    [
      "a deleted product takes nothing",
      [
        { productId: null, grams: 1000, qty: 1 },
        { productId: 9, grams: 500, qty: 1, contents: [{ productId: null, grams: 500 }] },
      ],
      [],
    ],
  ])("%s", (_name, lines, expected) => {
    expect([...stockTaken(lines)]).toEqual(expected);
  });
});

describe("fillFromFields", () => {
  it.each<[string, Record<string, string>, { size: number; contents: BoxContent[] }]>([
    ["nothing posted", {}, { size: 500, contents: [] }],
    [
      "a size and sweets",
      { size: "1000", sweet_1: "400", sweet_3: "600", sweet_2: "0" },
      { size: 1000, contents: [c(1, 400), c(3, 600)] },
    ],
    ["an unknown size", { size: "700" }, { size: 500, contents: [] }],
    ["a sweet not allowed", { size: "500", sweet_9: "500" }, { size: 500, contents: [] }],
    [
      "unreadable grams",
      { size: "500", sweet_1: "lots", sweet_2: "-100" },
      { size: 500, contents: [] },
    ],
  ])("%s", (_name, fields, fill) => {
    expect(fillFromFields(box, fields)).toEqual(fill);
  });
});

describe("the product form's box inputs", () => {
  it.each<[string, [string, string, string], ReturnType<typeof boxFromFormText>]>([
    ["all empty: not a box", ["", " ", ""], null],
    [
      "sizes with and without a price",
      ["500=25, 1000, 2000=80", "100", "12, 14 15"],
      {
        sizes: [
          { grams: 500, price: 25 },
          { grams: 1000, price: null },
          { grams: 2000, price: 80 },
        ],
        step_grams: 100,
        product_ids: [12, 14, 15],
      },
    ],
    [
      "unreadable parts stay unreadable for the schema",
      ["half", "", "x"],
      { sizes: [{ grams: Number.NaN, price: null }], step_grams: 0, product_ids: [Number.NaN] },
    ],
  ])("%s", (_name, [sizes, step, ids], box) => {
    expect(boxFromFormText(sizes, step, ids)).toEqual(box);
  });

  it("writes a saved box back into the inputs", () => {
    expect(
      boxFormText({
        sizes: [
          { grams: 500, price: 25 },
          { grams: 1000, price: null },
        ],
        step_grams: 100,
        product_ids: [1, 2],
      }),
    ).toEqual({ box_sizes: "500=25, 1000", box_step: "100", box_products: "1, 2" });
    expect(boxFormText(null)).toEqual({ box_sizes: "", box_step: "", box_products: "" });
  });
});
