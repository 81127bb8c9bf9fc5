import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("kitchen demo seed", () => {
  it("adds bilingual demo dishes once, marked as demo, and the menu shows them", async () => {
    await t.app.services.kitchen.seedDemo();
    await t.app.services.kitchen.seedDemo();
    const all = await t.app.services.kitchen.list();
    expect(all).toHaveLength(6);
    for (const dish of all) {
      expect(dish.title_ar).not.toBe("");
      expect(dish.description).toContain("Demo dish");
      expect(dish.description_ar).toContain("تجريبي");
    }
    const week = (await t.app.inject({ url: "/api/kitchen?filter=nextWeek" })).json();
    expect(week.data).toHaveLength(6); // every demo dish is cooked some day of any week
    const today = (await t.app.inject({ url: "/api/kitchen" })).json();
    expect(today.data.length).toBeGreaterThanOrEqual(2); // the every-day dishes at least
  });
});
