// A well-formed Host: config.ts checks ALLOWED_HOSTS with it, public-origin.ts and the security
// plugin check requests with it. On its own so the config and the origin rules import in one
// direction (public-origin reads the config).

/**
 * RFC 3986 host: a bracketed IPv6 literal or a registered name / IPv4 address, then an optional
 * port of at most 5 digits (checked against 65535 below). Nothing else (spaces, "%", "/", "@").
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)(?::(\d{1,5}))?$/;

export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  return Boolean(match) && (match![1] === undefined || Number(match![1]) <= 65535);
}
