import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.ts";

describe("addressKey: IPv4 as it is, IPv6 by its /64", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::203.0.113.7", "64:ff9b:0:0::/64"],
    ["2001:db8:1:2::10.0.0.1", "2001:db8:1:2::/64"],
    ["not an address", "not an address"],
  ])("%s -> %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it("every address of one /64 is one key; the next /64 is another", () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}::${i}`)),
    );
    expect(keys).toEqual(new Set(["2001:db8:aa:bb::/64"]));
    expect(addressKey("2001:db8:aa:bc::1")).not.toBe("2001:db8:aa:bb::/64");
  });
});
