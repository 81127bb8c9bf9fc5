import { isIPv6 } from "node:net";

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64.
 * One home, phone or server is given a whole /64 (2^64 addresses), so counting the full
 * IPv6 address would give one machine a near-endless supply of fresh counters. An IPv4
 * address written as IPv6 (`::ffff:1.2.3.4`) is the IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.split("%", 1)[0]!.toLowerCase();
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = address.split("::");
  const groupsOf = (part: string) => (part ? part.split(":") : []);
  // A dotted IPv4 tail stands for two groups.
  const width = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(Math.max(0, 8 - width(first) - width(last))).fill("0");
  const prefix = [...first, ...zeros, ...last]
    .slice(0, 4)
    .map((group) => (group.includes(".") ? group : Number.parseInt(group, 16).toString(16)));
  return `${prefix.join(":")}::/64`;
}
