import { describe, expect, it } from "vitest";
import {
  ipLiteralOf,
  isDelivered,
  isPrivateAddress,
  nextWebhookAttempt,
  parseSignatureHeader,
  signatureHeader,
  signedPayload,
} from "./webhooks.ts";

describe("addresses a webhook may not reach", () => {
  it.each([
    // IPv4
    ["127.0.0.1", true],
    ["127.255.1.2", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.10", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["192.0.2.5", true],
    ["198.18.0.1", true],
    ["8.8.8.8", false],
    ["172.32.0.1", false],
    ["100.128.0.1", false],
    ["93.184.216.34", false],
    // IPv6
    ["::1", true],
    ["::", true],
    ["[::1]", true],
    ["0:0:0:0:0:0:0:1", true],
    ["fe80::1", true],
    ["fe80::1%eth0", true],
    ["fc00::1", true],
    ["fd12:3456::1", true],
    ["ff02::1", true],
    ["2001:db8::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:10.0.0.1", true],
    ["::ffff:8.8.8.8", false],
    ["::127.0.0.1", true],
    ["64:ff9b::7f00:1", true],
    ["64:ff9b::8.8.8.8", false],
    ["2002:7f00:1::", true],
    ["2002:808:808::", false],
    ["2606:4700:4700::1111", false],
    ["2a00:1450:4001:80b::200e", false],
    // Not an address at all: refused (names are resolved first)
    ["localhost", true],
    ["1.2.3", true],
    ["1::2::3", true],
    ["", true],
  ])("%s -> %s", (address, refused) => {
    expect(isPrivateAddress(address)).toBe(refused);
  });
});

describe("IP literals in a URL's host", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["[::1]", "::1"],
    ["[::ffff:127.0.0.1]", "::ffff:127.0.0.1"],
    ["example.com", null],
    ["localhost", null],
  ])("%s -> %s", (host, literal) => {
    expect(ipLiteralOf(host)).toBe(literal);
  });
});

describe("webhook retries follow the mail outbox's schedule", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it.each([
    [1, "2026-11-23T10:00:30.000Z"],
    [2, "2026-11-23T10:02:00.000Z"],
    [3, "2026-11-23T10:10:00.000Z"],
    [4, "2026-11-23T11:00:00.000Z"],
    [5, "2026-11-23T16:00:00.000Z"],
    [6, "2026-11-24T04:00:00.000Z"],
    [7, null],
  ])("after %i failed tries the next is at %s", (attempts, at) => {
    expect(nextWebhookAttempt(attempts, now)?.toISOString() ?? null).toBe(at);
  });
});

describe("answers", () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [400, false],
    [500, false],
  ])("%i delivered: %s", (status, delivered) => {
    expect(isDelivered(status)).toBe(delivered);
  });
});

describe("the signature header", () => {
  const hex = "a".repeat(64);
  it("signs `<t>.<body>` and writes t and v1", () => {
    expect(signedPayload(1700000000, '{"a":1}')).toBe('1700000000.{"a":1}');
    expect(signatureHeader(1700000000, hex)).toBe(`t=1700000000,v1=${hex}`);
  });
  it.each([
    [`t=1700000000,v1=${hex}`, { timestamp: 1700000000, signatures: [hex] }],
    [`v1=${hex}, t=5`, { timestamp: 5, signatures: [hex] }],
    [`t=1,v1=${hex},v1=${"b".repeat(64)}`, { timestamp: 1, signatures: [hex, "b".repeat(64)] }],
    [`t=1`, null],
    [`v1=${hex}`, null],
    [`t=abc,v1=${hex}`, null],
    [`t=1,v1=xyz`, null],
    [undefined, null],
  ])("%s", (header, parsed) => {
    expect(parseSignatureHeader(header)).toEqual(parsed);
  });
});
