import type dns from "node:dns";
import { describe, expect, it } from "vitest";
import { guardLookup, PrivateAddressError } from "./address-guard.ts";

// The send-time check (issue 28): whatever a name resolves to is checked before connecting.
const resolver = (addresses: dns.LookupAddress[]) =>
  ((_host: string, _opts: unknown, cb: (e: Error | null, a: dns.LookupAddress[]) => void) =>
    cb(null, addresses)) as unknown as typeof dns.lookup;

const lookup = (addresses: dns.LookupAddress[], all: boolean) =>
  new Promise<{ error: Error | null; result: unknown; family?: number }>((resolve) =>
    guardLookup(resolver(addresses))("hooks.example.com", { all }, (error, result, family) =>
      resolve({ error, result, family }),
    ),
  );

describe("the connect-time lookup", () => {
  const publicV4 = { address: "93.184.216.34", family: 4 };
  const publicV6 = { address: "2606:2800:220:1::1", family: 6 };

  it("passes public addresses through, in both of Node's callback shapes", async () => {
    expect(await lookup([publicV4, publicV6], true)).toEqual({
      error: null,
      result: [publicV4, publicV6],
      family: undefined,
    });
    expect(await lookup([publicV6], false)).toEqual({
      error: null,
      result: "2606:2800:220:1::1",
      family: 6,
    });
  });

  it.each([
    [{ address: "127.0.0.1", family: 4 }],
    [{ address: "::1", family: 6 }],
    [{ address: "::ffff:127.0.0.1", family: 6 }],
    [{ address: "10.1.2.3", family: 4 }],
    [{ address: "169.254.169.254", family: 4 }],
    [{ address: "fd00::5", family: 6 }],
  ])("refuses a name that resolves (even in part) to %j", async (bad) => {
    for (const all of [true, false]) {
      const { error } = await lookup([publicV4, bad], all);
      expect(error).toBeInstanceOf(PrivateAddressError);
      expect(error?.message).toContain(bad.address);
    }
  });

  it("refuses a name with no address", async () => {
    expect((await lookup([], true)).error).toBeInstanceOf(PrivateAddressError);
  });
});
