import { describe, expect, it } from "vitest";
import { failedWithStatus, MESSAGES, type MessageId } from "./validation-messages.ts";

describe("MESSAGES keep SPEC's exact wording", () => {
  it.each<[MessageId, string]>([
    ["EMAIL_PASSWORD_REQUIRED", "Email and password are required"],
    ["PASSWORD_MIN", "Password must be at least 6 characters long"],
    ["NAME_REQUIRED", "Name is required"],
    ["PASSWORDS_DO_NOT_MATCH", "Passwords do not match"],
    ["ADMIN_NOT_AUTHORIZED", "You are not authorized to access the admin dashboard."],
    ["REGULAR_PRICE_REQUIRED", "Regular price is required"],
    ["CATEGORY_REQUIRED", "Category is required"],
    ["DISCOUNT_ABOVE_PRICE", "discount price must be \u2264 price"],
    ["COUPON_PERCENT", "Discount percent must be between 1 and 100."],
    ["COUPON_MAX_USES", "Max uses must be a positive integer."],
    ["CONTACT_REQUIRED", "Please fill all required fields."],
    ["ADDED_TO_CART", "item added to cart successfully"],
    ["CART_EMPTY", "Your cart is empty"],
  ])("%s", (id, text) => {
    expect(MESSAGES[id]).toBe(text);
  });

  it("has no blank or padded text", () => {
    for (const text of Object.values(MESSAGES)) expect(text).toBe(text.trim());
  });

  it.each([
    [404, "Failed (404)"],
    [500, "Failed (500)"],
  ])("failedWithStatus(%d) -> %s", (status, text) => {
    expect(failedWithStatus(status)).toBe(text);
  });
});
