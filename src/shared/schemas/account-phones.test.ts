import { describe, expect, it } from "vitest";
import { accountUpdateBodySchema } from "./account-phones.ts";

const base = { name: "Rana", email: "rana@example.com" };

describe("an account's phone is stored in E.164", () => {
  it.each([
    ["0944 123 456", null, "+963944123456"],
    ["0944 123 456", "SY", "+963944123456"],
    ["00963 944 123 456", null, "+963944123456"],
    ["+974 3312 3456", "SY", "+97433123456"],
  ])("%s (country %s) -> %s", (phone, country, stored) => {
    const parsed = accountUpdateBodySchema.parse({ ...base, phone, country });
    expect(parsed.phone).toBe(stored);
  });

  it("an empty phone stays none; a number that is no real number is refused on its field", () => {
    expect(accountUpdateBodySchema.parse({ ...base, phone: "" }).phone).toBeNull();
    const result = accountUpdateBodySchema.safeParse({ ...base, phone: "12345" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["phone"]);
  });
});
