import { describe, expect, it } from "vitest";
import { isOpenOrder, openOrdersMessage } from "./account-privacy.ts";
import { ORDER_STATUSES } from "./order-states.ts";
import { PAYMENT_STATUSES } from "./payments.ts";

describe("isOpenOrder: an account waits for these before it can be deleted", () => {
  const open = ["pending", "confirmed", "preparing", "shipped"];
  for (const status of ORDER_STATUSES)
    for (const paymentStatus of PAYMENT_STATUSES) {
      const expected = open.includes(status) || (status === "canceled" && paymentStatus === "paid");
      it(`${status}, ${paymentStatus}: ${expected ? "open" : "closed"}`, () => {
        expect(isOpenOrder({ status, paymentStatus })).toBe(expected);
      });
    }
});

describe("openOrdersMessage", () => {
  it("names every order and the way out", () => {
    const message = openOrdersMessage(["SW-10003", "SW-10004"]);
    expect(message).toContain("SW-10003, SW-10004");
    expect(message).toMatch(/delivered/);
    expect(message).toMatch(/cancel/);
  });
});
