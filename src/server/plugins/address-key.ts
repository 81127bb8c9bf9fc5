import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One IPv6 subscriber is handed a whole /64 (2^64 addresses), so counting the
 * full address gave anyone an endless supply of fresh budgets. An IPv4 address written in
 * IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 one.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().replace(/%.*$/, "").split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // A dotted IPv4 tail is two groups; only the first four groups matter here.
  const tailCount = tailGroups.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const groups = ip.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailCount).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
