import type { FastifyRequest } from "fastify";
import type { Config } from "./config.ts";
import { isValidHost } from "./host-name.ts";

/**
 * The shop's public origin for absolute URLs (canonical and alternate links, og:*, the
 * sitemap, robots.txt, the kitchen's QR code, OAuth return addresses): docs/decisions/0027.
 *
 * - `PUBLIC_URL` set: always it; the request's Host and X-Forwarded-* never matter.
 * - Unset: the request's own origin, but only for a host that passes the Host check
 *   (`hostAllowed`). The host is the one Fastify reports: `X-Forwarded-Host` when
 *   `TRUST_PROXY` trusts the peer, else `Host`, so a forwarded host is checked exactly like
 *   `Host`. The scheme is `https` or `http`, nothing else.
 *
 * In production without PUBLIC_URL the security plugin refuses (421) a request whose host is
 * not allowed, so this never sees one there; elsewhere (or called before that hook) a host that
 * is not allowed gives the listen address, never the request's words.
 */
export function publicOrigin(request: FastifyRequest): string {
  const config = request.server.config;
  if (config.publicUrl) return config.publicUrl;
  const host = requestHost(request);
  const scheme = request.protocol === "https" ? "https" : "http";
  return hostAllowed(host, config, listenPort(request))
    ? `${scheme}://${host}`
    : fallbackOrigin(config);
}

/** The port the shop listens on: PORT, or the one the system gave for PORT=0. */
export function listenPort(request: FastifyRequest): number {
  const { port } = request.server.config;
  if (port !== 0) return port;
  const address = request.server.server.address();
  return address && typeof address === "object" ? address.port : port;
}

/** Where the shop listens, as a browser on the machine reaches it: the last resort. */
export function fallbackOrigin(config: Pick<Config, "port" | "publicUrl">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/** The host a request names (lower case): X-Forwarded-Host when the proxy is trusted, else Host. */
export function requestHost(request: FastifyRequest): string {
  return (request.host ?? "").toLowerCase();
}

/** The machine's own names, without a port. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Hosts whose name may become the shop's links when PUBLIC_URL is unset, or null for "any well
 * formed host" (development and tests without ALLOWED_HOSTS: a phone on the LAN, test hosts).
 * `ALLOWED_HOSTS` when set; in production otherwise the machine's own names (and HOST when it
 * names one address), bare or with the listen port: a short, fixed list, so the page cache,
 * which keys on the origin, cannot be filled with made-up hosts.
 */
export function allowedHosts(
  config: Pick<Config, "env" | "host" | "port" | "allowedHosts">,
  port = config.port,
): ReadonlySet<string> | null {
  let byPort = allowedCache.get(config);
  if (!byPort) allowedCache.set(config, (byPort = new Map()));
  const cached = byPort.get(port);
  if (cached !== undefined) return cached;
  let hosts: Set<string> | null = null;
  if (config.allowedHosts?.length) hosts = new Set(config.allowedHosts);
  else if (config.env === "production") {
    const names = [...LOOPBACK_NAMES];
    const own = config.host.toLowerCase();
    if (own !== "0.0.0.0" && own !== "::" && isValidHost(own)) {
      names.push(own.includes(":") && !own.startsWith("[") ? `[${own}]` : own);
    }
    hosts = new Set(names.flatMap((name) => [name, `${name}:${port}`]));
  }
  byPort.set(port, hosts);
  return hosts;
}
const allowedCache = new WeakMap<object, Map<number, ReadonlySet<string> | null>>();

/** The Host check (and so the forwarded host's): well formed, and on the list when there is one. */
export function hostAllowed(
  host: string,
  config: Pick<Config, "env" | "host" | "port" | "allowedHosts">,
  port = config.port,
): boolean {
  if (!isValidHost(host)) return false;
  const hosts = allowedHosts(config, port);
  return hosts === null || hosts.has(host.toLowerCase());
}
