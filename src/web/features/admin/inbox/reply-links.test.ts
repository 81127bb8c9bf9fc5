import { describe, expect, it } from "vitest";
import { mailtoLink, waDigits, waLink } from "./reply-links.ts";

describe("inbox reply links", () => {
  it("keeps only the digits of a phone number, without a 00 prefix", () => {
    expect(waDigits("+963 944 123-456")).toBe("963944123456");
    expect(waDigits("00963 (11) 000 0000")).toBe("963110000000");
  });

  it("prefills the messaging app and the e-mail, Arabic intact", () => {
    expect(waLink("+963 944 123 456", "مرحباً هدى")).toBe(
      `https://wa.me/963944123456?text=${encodeURIComponent("مرحباً هدى")}`,
    );
    const mail = mailtoLink("huda@example.com", "Re: A & B", "Hello Huda");
    expect(mail).toBe("mailto:huda@example.com?subject=Re%3A%20A%20%26%20B&body=Hello%20Huda");
  });
});
