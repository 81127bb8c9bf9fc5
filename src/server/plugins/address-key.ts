import ipaddr from "ipaddr.js";

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One IPv6 subscriber is handed a whole /64 (2^64 addresses), so counting the
 * full address gave anyone an endless supply of fresh budgets. An IPv4 address written in
 * IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 one. Parsed by ipaddr.js, the parser Fastify's
 * proxy handling already uses, so both read an address the same way.
 */
export function addressKey(ip: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ip;
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}
