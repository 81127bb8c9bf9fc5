import { beforeEach, describe, expect, it } from "vitest";
import {
  CUSTOMER_TOKEN_KEY,
  CUSTOMER_USER_KEY,
  clearCustomerSession,
  hasSignedInCookie,
  readCustomerSession,
  storeCustomerSession,
} from "./customer-session.ts";

const user = { id: 1, name: "Rana", email: "rana@example.com", role: "customer" } as never;
const marked = () => hasSignedInCookie(document.cookie);

// Other tests in the same worker may leave a session and its mark behind.
beforeEach(() => {
  localStorage.clear();
  clearCustomerSession();
});

// Issue 30: the server sends a visitor without the mark to sign in before any script runs.
describe("the signed-in mark beside the customer's token", () => {
  it("is set on sign-in and cleared on sign-out", () => {
    expect(marked()).toBe(false);
    storeCustomerSession({ token: "t1", user });
    expect(marked()).toBe(true);
    clearCustomerSession();
    expect(marked()).toBe(false);
  });

  it("comes back when a stored session is read without it (signed in before the mark existed)", () => {
    localStorage.setItem(CUSTOMER_TOKEN_KEY, "t2");
    localStorage.setItem(CUSTOMER_USER_KEY, JSON.stringify(user));
    expect(readCustomerSession()?.user.name).toBe("Rana");
    expect(marked()).toBe(true);
  });

  it("is not set by reading when nobody is signed in", () => {
    expect(readCustomerSession()).toBeNull();
    expect(marked()).toBe(false);
  });
});

describe("hasSignedInCookie", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    ["signed_in=1", true],
    ["lang=ar; signed_in=1", true],
    ["signed_in=1; currency=EUR", true],
    ["signed_in=", false],
    ["signed_in=0", false],
    ["not_signed_in=1", false],
    ["signed_in=11", false],
  ])("%s -> %s", (header, expected) => {
    expect(hasSignedInCookie(header)).toBe(expected);
  });
});
