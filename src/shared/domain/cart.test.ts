import { describe, expect, it } from "vitest";
import {
  addLine,
  assertLineList,
  badgeText,
  CART_BACKUP_KEY,
  CART_BACKUP_VERSION,
  CART_SESSION_KEY,
  CART_STORAGE_KEY,
  type CartLine,
  cartTotals,
  dishIdOf,
  keyOfLine,
  LEGACY_CART_KEYS,
  lineKey,
  MAX_DISH_PORTIONS,
  MAX_LINE_QTY,
  makeBackup,
  mergeLines,
  mergeOrderLines,
  migrateLegacy,
  readBackup,
  removeLine,
  sanitiseLine,
  sanitiseLines,
  setLineQty,
} from "./cart.ts";

const NOW = 1_760_000_000_000;

const line = (over: Partial<CartLine> = {}): CartLine => ({
  productId: "p1",
  name: "Baklava",
  price: 12.5,
  image: "/img/p1.webp",
  qty: 1,
  timestamp: 1,
  ...over,
});

describe("storage names", () => {
  it("match SPEC 9's versioned keys and backup version", () => {
    expect([CART_STORAGE_KEY, CART_SESSION_KEY, CART_BACKUP_KEY]).toEqual([
      "cart_v2",
      "cart_session_v2",
      "cart_backup_v2",
    ]);
    expect(CART_BACKUP_VERSION).toBe("2.0");
    expect(LEGACY_CART_KEYS).toEqual(["cart", "cartItems", "shopping_cart", "cart_v1"]);
  });
});

describe("lineKey", () => {
  it.each<[string, number | undefined, number | undefined, string]>([
    ["p1", undefined, undefined, "item:p1"],
    ["p1", undefined, 1000, "item:p1"],
    ["p1", 1000, 1000, "item:p1"],
    ["p1", 500, 1000, "item:p1:500"],
    ["p1", 500, undefined, "item:p1:500"],
    ["42", 2000, 500, "item:42:2000"],
  ])("(%s, %s, default %s) -> %s", (id, grams, defaultGrams, key) => {
    expect(lineKey(id, grams, defaultGrams)).toBe(key);
  });
});

describe("sanitiseLine", () => {
  const valid = {
    productId: "p1",
    name: "Baklava",
    price: 12.5,
    image: "a.webp",
    qty: 2,
    timestamp: 5,
  };

  it.each<[string, unknown, CartLine | null]>([
    ["a valid line", valid, { ...valid }],
    ["price rounded to 2 decimals", { ...valid, price: 1.005 }, { ...valid, price: 1.01 }],
    ["price 0 is allowed", { ...valid, price: 0 }, { ...valid, price: 0 }],
    ["qty floored", { ...valid, qty: 2.9 }, { ...valid, qty: 2 }],
    ["qty above 8 kept at 8 (issue 29.8)", { ...valid, qty: 150 }, { ...valid, qty: 8 }],
    ["id and name trimmed", { ...valid, productId: " p1 ", name: " Baklava " }, { ...valid }],
    ["numeric id becomes a string", { ...valid, productId: 7 }, { ...valid, productId: "7" }],
    ["missing image -> ''", { ...valid, image: undefined }, { ...valid, image: "" }],
    ["missing timestamp -> 0", { ...valid, timestamp: "x" }, { ...valid, timestamp: 0 }],
    ["weight option kept", { ...valid, grams: 500 }, { ...valid, grams: 500 }],
    ["extra fields stripped", { ...valid, key: "item:p1", source: "local" }, { ...valid }],
    ["missing productId", { ...valid, productId: undefined }, null],
    ["blank productId", { ...valid, productId: "   " }, null],
    ["missing name", { ...valid, name: undefined }, null],
    ["blank name", { ...valid, name: " " }, null],
    ["missing price", { ...valid, price: undefined }, null],
    ["price as text", { ...valid, price: "12.5" }, null],
    ["negative price", { ...valid, price: -1 }, null],
    ["NaN price", { ...valid, price: Number.NaN }, null],
    ["missing qty", { ...valid, qty: undefined }, null],
    ["qty 0", { ...valid, qty: 0 }, null],
    ["qty that floors to 0", { ...valid, qty: 0.5 }, null],
    ["negative qty", { ...valid, qty: -2 }, null],
    ["qty as text", { ...valid, qty: "2" }, null],
    ["bad weight option", { ...valid, grams: -500 }, null],
    ["fractional weight option", { ...valid, grams: 0.5 }, null],
    ["null", null, null],
    ["an array", [valid], null],
    ["a string", "p1", null],
  ])("%s", (_case, raw, expected) => {
    expect(sanitiseLine(raw)).toEqual(expected);
  });
});

describe("mergeOrderLines", () => {
  const line = (productId: number, grams: number, qty: number) => ({ productId, grams, qty });
  it.each([
    ["no repeats", [line(1, 500, 8), line(1, 1000, 8)], [line(1, 500, 8), line(1, 1000, 8)], []],
    [
      "repeats added into the first",
      [line(1, 500, 3), line(2, 500, 1), line(1, 500, 5)],
      [line(1, 500, 8), line(2, 500, 1)],
      [],
    ],
    [
      "the line that passes 8",
      [line(1, 500, 4), line(1, 500, 4), line(1, 500, 1)],
      [line(1, 500, 9)],
      [2],
    ],
    [
      "every line after it too",
      [line(1, 500, 8), line(1, 500, 1), line(1, 500, 1)],
      [line(1, 500, 10)],
      [1, 2],
    ],
  ])("%s", (_name, input, lines, over) => {
    expect(mergeOrderLines(input)).toEqual({ lines, over });
  });

  it("merges boxes only with the same sweets and grams", () => {
    const box = (qty: number, contents: { productId: number; grams: number }[]) => ({
      productId: 9,
      grams: 1000,
      qty,
      contents,
    });
    const a = [
      { productId: 1, grams: 400 },
      { productId: 2, grams: 600 },
    ];
    const b = [
      { productId: 1, grams: 500 },
      { productId: 2, grams: 500 },
    ];
    expect(mergeOrderLines([box(1, a), box(2, b), box(3, a), line(9, 1000, 1)])).toEqual({
      lines: [box(4, a), box(2, b), line(9, 1000, 1)],
      over: [],
    });
  });
});

describe("sanitiseLines", () => {
  it.each<[string, unknown, { lines: CartLine[]; dropped: number }]>([
    ["not a list", { a: 1 }, { lines: [], dropped: 0 }],
    ["null", null, { lines: [], dropped: 0 }],
    ["empty list", [], { lines: [], dropped: 0 }],
    [
      "all valid",
      [line(), line({ productId: "p2" })],
      { lines: [line(), line({ productId: "p2" })], dropped: 0 },
    ],
    [
      "drops invalid ones",
      [line(), { productId: "x" }, 5, line({ qty: 0 })],
      { lines: [line()], dropped: 3 },
    ],
    [
      "merges duplicate keys",
      [line({ qty: 2 }), line({ qty: 3 })],
      { lines: [line({ qty: 5 })], dropped: 0 },
    ],
    [
      "weight options are separate lines",
      [line(), line({ grams: 500 })],
      { lines: [line(), line({ grams: 500 })], dropped: 0 },
    ],
  ])("%s", (_case, raw, expected) => {
    expect(sanitiseLines(raw)).toEqual(expected);
  });
});

describe("assertLineList", () => {
  it.each([[{}], [null], ["[]"], [42]])("rejects %j", (value) => {
    expect(() => assertLineList(value)).toThrow(TypeError);
  });

  it.each([[[]], [[line()]]])("accepts %j", (value) => {
    expect(() => assertLineList(value)).not.toThrow();
  });
});

describe("addLine", () => {
  const snapshot = { name: "Baklava", price: 12.5, image: "/img/p1.webp" };

  it.each<[string, CartLine[], Parameters<typeof addLine>[1], CartLine[]]>([
    [
      "creates a line with qty 1 by default",
      [],
      { productId: "p1", productSnapshot: snapshot },
      [line({ timestamp: NOW })],
    ],
    [
      "adds to the existing line of the same product",
      [line({ qty: 2 })],
      { productId: "p1", qty: 3, productSnapshot: snapshot },
      [line({ qty: 5, timestamp: NOW })],
    ],
    [
      "another weight option is another line",
      [line()],
      {
        productId: "p1",
        grams: 500,
        defaultGrams: 1000,
        productSnapshot: { ...snapshot, price: 6.25 },
      },
      [line(), line({ grams: 500, price: 6.25, timestamp: NOW })],
    ],
    [
      "the default weight joins the plain line",
      [line()],
      { productId: "p1", grams: 1000, defaultGrams: 1000, productSnapshot: snapshot },
      [line({ qty: 2, timestamp: NOW })],
    ],
    [
      "snapshot defaults: Unknown Product, price 0, no image",
      [],
      { productId: "p9", productSnapshot: {} },
      [{ productId: "p9", name: "Unknown Product", price: 0, image: "", qty: 1, timestamp: NOW }],
    ],
    [
      "price rounded to 2 decimals, qty floored",
      [],
      { productId: "p1", qty: 2.7, productSnapshot: { ...snapshot, price: 1.005 } },
      [line({ qty: 2, price: 1.01, timestamp: NOW })],
    ],
    [
      "a qty below 1 adds one",
      [],
      { productId: "p1", qty: 0, productSnapshot: snapshot },
      [line({ timestamp: NOW })],
    ],
    [
      "the newest snapshot refreshes name and price",
      [line({ name: "Old", price: 10 })],
      { productId: "p1", productSnapshot: snapshot },
      [line({ qty: 2, timestamp: NOW })],
    ],
    [
      "an empty snapshot keeps the stored details",
      [line({ qty: 2 })],
      { productId: "p1", productSnapshot: {} },
      [line({ qty: 3, timestamp: NOW })],
    ],
    [
      "adding again stops at 8 (issue 29.8)",
      [line({ qty: 6 })],
      { productId: "p1", qty: 5, productSnapshot: snapshot },
      [line({ qty: 8, timestamp: NOW })],
    ],
    [
      "a new line of more than 8 holds 8",
      [],
      { productId: "p1", qty: 40, productSnapshot: snapshot },
      [line({ qty: 8, timestamp: NOW })],
    ],
    [
      "other products are untouched",
      [line({ productId: "p2" })],
      { productId: "p1", productSnapshot: snapshot },
      [line({ productId: "p2" }), line({ timestamp: NOW })],
    ],
  ])("%s", (_case, lines, input, expected) => {
    const before = structuredClone(lines);
    expect(addLine(lines, input, NOW)).toEqual(expected);
    expect(lines).toEqual(before);
  });
});

describe("setLineQty / removeLine", () => {
  const cart = [line(), line({ grams: 500, qty: 2 })];

  it.each<[string, string, number, number[]]>([
    ["sets a quantity", "item:p1", 4, [4, 2]],
    ["floors", "item:p1", 3.8, [3, 2]],
    ["minimum 1", "item:p1", 0, [1, 2]],
    ["negative -> 1", "item:p1:500", -5, [1, 1]],
    ["weight option by its key", "item:p1:500", 7, [1, 7]],
    ["8 is the most", "item:p1", 8, [8, 2]],
    ["150 typed -> 8 (issue 29.8)", "item:p1", 150, [8, 2]],
    ["absent line: no-op", "item:nope", 5, [1, 2]],
    ["NaN: no-op", "item:p1", Number.NaN, [1, 2]],
  ])("setLineQty: %s", (_case, key, qty, quantities) => {
    expect(setLineQty(cart, key, qty).map((l) => l.qty)).toEqual(quantities);
  });

  it.each<[string, number]>([
    ["item:p1", 1],
    ["item:p1:500", 1],
    ["item:nope", 2],
  ])("removeLine(%s) leaves %d lines", (key, count) => {
    expect(removeLine(cart, key)).toHaveLength(count);
  });
});

describe("cartTotals", () => {
  it.each<[string, CartLine[], { subtotal: number; subtotalCents: number; itemCount: number }]>([
    ["empty", [], { subtotal: 0, subtotalCents: 0, itemCount: 0 }],
    ["one line", [line({ qty: 2 })], { subtotal: 25, subtotalCents: 2500, itemCount: 2 }],
    [
      "float-prone prices",
      [line({ price: 0.1, qty: 3 }), line({ productId: "p2", price: 0.2 })],
      { subtotal: 0.5, subtotalCents: 50, itemCount: 4 },
    ],
    [
      "several lines",
      [line({ price: 19.99, qty: 3 }), line({ productId: "p2", price: 5.01, qty: 1 })],
      { subtotal: 64.98, subtotalCents: 6498, itemCount: 4 },
    ],
  ])("%s", (_case, lines, expected) => {
    expect(cartTotals(lines)).toEqual(expected);
  });
});

describe("badgeText", () => {
  it.each([
    [0, ""],
    [-1, ""],
    [1, "1"],
    [42, "42"],
    [99, "99"],
    [100, "99+"],
    [1000, "99+"],
  ])("%d -> %j", (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe("backup", () => {
  it("makes a versioned record", () => {
    expect(makeBackup([line()], NOW)).toEqual({ data: [line()], timestamp: NOW, version: "2.0" });
  });

  it.each<[string, unknown, ReturnType<typeof readBackup>]>([
    ["a record", makeBackup([line()], NOW), { lines: [line()], dropped: 0, timestamp: NOW }],
    [
      "the stored string",
      JSON.stringify(makeBackup([line(), { bad: true } as never], NOW)),
      { lines: [line()], dropped: 1, timestamp: NOW },
    ],
    ["another version", { data: [line()], timestamp: NOW, version: "1.0" }, null],
    ["data not a list", { data: {}, timestamp: NOW, version: "2.0" }, null],
    ["garbage JSON", "{not json", null],
    ["null", null, null],
    [
      "missing timestamp",
      { data: [line()], version: "2.0" },
      { lines: [line()], dropped: 0, timestamp: 0 },
    ],
  ])("readBackup: %s", (_case, raw, expected) => {
    expect(readBackup(raw)).toEqual(expected);
  });
});

describe("mergeLines", () => {
  it("adds quantities of the same key and keeps the first line's details", () => {
    expect(
      mergeLines(
        [line({ qty: 1, name: "First" })],
        [line({ qty: 2, name: "Second" }), line({ productId: "p2" })],
      ),
    ).toEqual([line({ qty: 3, name: "First" }), line({ productId: "p2" })]);
  });
});

describe("migrateLegacy", () => {
  const specLine = {
    productId: "p1",
    name: "Baklava",
    price: 12.5,
    image: "a.webp",
    qty: 2,
    timestamp: 9,
  };

  it.each<[string, Record<string, string | null>, CartLine[]]>([
    ["nothing stored", {}, []],
    ["all null", { cart: null, cartItems: null, shopping_cart: null, cart_v1: null }, []],
    ["cart: SPEC's lines", { cart: JSON.stringify([specLine]) }, [{ ...specLine }]],
    [
      "cartItems: { id, title, price, quantity, image }",
      {
        cartItems: JSON.stringify([
          { id: 3, title: "Maamoul", price: 8, quantity: 4, image: "m.webp" },
        ]),
      },
      [{ productId: "3", name: "Maamoul", price: 8, image: "m.webp", qty: 4, timestamp: 0 }],
    ],
    [
      "shopping_cart: { items }",
      {
        shopping_cart: JSON.stringify({
          items: [specLine, { id: "p5", title: "Kunafa", price: 9.999, quantity: 1 }],
        }),
      },
      [
        { ...specLine },
        { productId: "p5", name: "Kunafa", price: 10, image: "", qty: 1, timestamp: 0 },
      ],
    ],
    [
      "cart_v1: keyed by productId",
      { cart_v1: JSON.stringify({ p7: { name: "Barazek", price: 5.5, qty: 2 } }) },
      [{ productId: "p7", name: "Barazek", price: 5.5, image: "", qty: 2, timestamp: 0 }],
    ],
    [
      "garbage JSON is ignored",
      { cart: "{oops", cartItems: "undefined", shopping_cart: "42", cart_v1: "[1,2]" },
      [],
    ],
    [
      "wrong shapes are ignored",
      {
        cart: JSON.stringify({ items: [] }),
        cartItems: JSON.stringify("x"),
        shopping_cart: "[]",
        cart_v1: "null",
      },
      [],
    ],
    [
      "invalid items dropped, valid ones kept",
      {
        cartItems: JSON.stringify([
          { id: "p1", price: 1, quantity: 1 },
          { id: "p2", title: "Ok", price: 1, quantity: 1 },
        ]),
      },
      [{ productId: "p2", name: "Ok", price: 1, image: "", qty: 1, timestamp: 0 }],
    ],
    [
      "the same product in several formats is merged",
      {
        cart: JSON.stringify([specLine]),
        cartItems: JSON.stringify([{ id: "p1", title: "Baklava", price: 12.5, quantity: 1 }]),
        shopping_cart: JSON.stringify({
          items: [{ productId: "p1", name: "Baklava", price: 12.5, qty: 3 }],
        }),
        cart_v1: JSON.stringify({
          p1: { name: "Baklava", price: 12.5, qty: 4 },
          p2: { name: "Other", price: 1, qty: 1 },
        }),
      },
      [
        { ...specLine, qty: 8 },
        { productId: "p2", name: "Other", price: 1, image: "", qty: 1, timestamp: 0 },
      ],
    ],
  ])("%s", (_case, rawByKey, expected) => {
    expect(migrateLegacy(rawByKey)).toEqual(expected);
  });
});

describe("kitchen dishes in the cart", () => {
  it.each([
    ["dish:7", 7],
    ["dish:0", null],
    ["dish:x", null],
    ["7", null],
  ])("%s is dish %s", (id, dish) => expect(dishIdOf(id)).toBe(dish));

  it("a dish line holds up to 20 portions, a sweet up to 8", () => {
    const dish = addLine(
      [],
      { productId: "dish:7", qty: 25, productSnapshot: { name: "Soup", price: 4 } },
      1,
    );
    expect(dish[0]!.qty).toBe(MAX_DISH_PORTIONS);
    const sweet = addLine(
      [],
      { productId: "7", qty: 25, productSnapshot: { name: "Baklava", price: 4 } },
      1,
    );
    expect(sweet[0]!.qty).toBe(MAX_LINE_QTY);
    expect(setLineQty(dish, "item:dish:7", 12)[0]!.qty).toBe(12);
    expect(sanitiseLine({ productId: "dish:7", name: "Soup", price: 4, qty: 15 })!.qty).toBe(15);
  });
});

describe("box lines", () => {
  const contents = (a: number, b: number) => [
    { productId: 1, grams: a, name: "Baklava", name_ar: "بقلاوة" },
    { productId: 2, grams: b, name: "Maamoul", name_ar: "معمول" },
  ];
  const add = (lines: CartLine[], box: ReturnType<typeof contents>) =>
    addLine(
      lines,
      {
        productId: "9",
        grams: 1000,
        defaultGrams: 1000,
        contents: box,
        productSnapshot: { name: "Tray", price: 30 },
      },
      NOW,
    );

  it("keeps boxes of other sweets apart and adds the same box together", () => {
    let lines = add([], contents(400, 600));
    lines = add(lines, contents(500, 500));
    lines = add(lines, [...contents(400, 600)].reverse());
    expect(lines.map((l) => [keyOfLine(l), l.qty])).toEqual([
      ["item:9:1000:box:1x400,2x600", 2],
      ["item:9:1000:box:1x500,2x500", 1],
    ]);
  });

  it.each<[string, unknown, boolean]>([
    ["a good box", contents(400, 600), true],
    ["no sweets", [], false],
    ["not a list", "baklava", false],
    ["a sweet without grams", [{ productId: 1 }], false],
    ["a sweet with a bad id", [{ productId: "x", grams: 100 }], false],
  ])("a stored box with %s is kept: %s", (_name, stored, kept) => {
    const raw = { ...line({ productId: "9", grams: 1000 }), contents: stored };
    expect(sanitiseLine(raw) !== null).toBe(kept);
  });
});
