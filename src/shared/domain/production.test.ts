import { describe, expect, it } from "vitest";
import { type ProductionLine, productionSheet } from "./production.ts";

const line = (over: Partial<ProductionLine>): ProductionLine => ({
  orderId: 1,
  orderNumber: "SW-10001",
  productId: 1,
  name: "Baklava",
  nameAr: "بقلاوة",
  grams: 1000,
  qty: 1,
  ...over,
});

describe("productionSheet", () => {
  it("is empty without lines", () => {
    expect(productionSheet([])).toEqual([]);
  });

  it("sums kilos per product and packs per weight option, heaviest first, with the orders behind them", () => {
    const sheet = productionSheet([
      line({ orderNumber: "SW-10002", grams: 500, qty: 3 }),
      line({ orderNumber: "SW-10001", grams: 1000, qty: 2 }),
      line({ orderNumber: "SW-10001", grams: 500, qty: 1 }),
      line({
        orderNumber: "SW-10003",
        productId: 2,
        name: "Maamoul",
        nameAr: "معمول",
        grams: 250,
        qty: 4,
      }),
    ]);
    expect(sheet).toEqual([
      {
        productId: 1,
        name: "Baklava",
        nameAr: "بقلاوة",
        grams: 4000,
        options: [
          { grams: 1000, count: 2 },
          { grams: 500, count: 4 },
        ],
        orders: ["SW-10001", "SW-10002"],
      },
      {
        productId: 2,
        name: "Maamoul",
        nameAr: "معمول",
        grams: 1000,
        options: [{ grams: 250, count: 4 }],
        orders: ["SW-10003"],
      },
    ]);
  });

  it("keeps a deleted product's lines together by name", () => {
    const sheet = productionSheet([
      line({ productId: null, name: "Old tray" }),
      line({ productId: null, name: "Old tray", orderNumber: "SW-10004" }),
    ]);
    expect(sheet).toHaveLength(1);
    expect(sheet[0]).toMatchObject({
      productId: null,
      grams: 2000,
      orders: ["SW-10001", "SW-10004"],
    });
  });

  it("counts a box's sweets as each sweet's grams and the box as packs to fill", () => {
    const sheet = productionSheet([
      line({ orderNumber: "SW-10001", grams: 1000, qty: 1 }),
      line({
        orderNumber: "SW-10002",
        productId: 9,
        name: "Mixed tray",
        nameAr: "صينية مشكلة",
        grams: 1000,
        qty: 2,
        contents: [
          { productId: 1, nameEn: "Baklava", nameAr: "بقلاوة", grams: 400 },
          { productId: 2, nameEn: "Maamoul", nameAr: "معمول", grams: 600 },
        ],
      }),
    ]);
    expect(sheet).toEqual([
      {
        productId: 1,
        name: "Baklava",
        nameAr: "بقلاوة",
        grams: 1800,
        options: [{ grams: 1000, count: 1 }],
        orders: ["SW-10001", "SW-10002"],
      },
      {
        productId: 2,
        name: "Maamoul",
        nameAr: "معمول",
        grams: 1200,
        options: [],
        orders: ["SW-10002"],
      },
      {
        productId: 9,
        name: "Mixed tray",
        nameAr: "صينية مشكلة",
        grams: 0,
        options: [{ grams: 1000, count: 2 }],
        orders: ["SW-10002"],
      },
    ]);
  });
});
