import { MAIL_RETRY_DELAYS_MS, nextMailAttempt } from "./mail-retry.ts";

/**
 * What an outside system can hear about. `product.low_stock` is queued in the order's
 * transaction when an order takes a tracked product to its threshold (low-stock.ts).
 */
export const WEBHOOK_EVENTS = [
  "order.created",
  "order.status_changed",
  "order.paid",
  "product.low_stock",
  "inbox.message",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The header a receiver checks (documented in docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = "Shop-Signature";

/** The webhooks' own texts (zod-free: the message translator imports them). */
export const WEBHOOK_MESSAGES = {
  NOT_FOUND: "Webhook endpoint not found.",
  DELIVERY_NOT_FOUND: "Webhook delivery not found.",
  URL_REQUIRED: "Enter the endpoint's address.",
  URL_INVALID: "Enter a full http:// or https:// address.",
  URL_CREDENTIALS: "Leave user names and passwords out of the address.",
  URL_PRIVATE:
    "This address points inside the shop's own network, which webhooks may not reach (set WEBHOOKS_ALLOW_PRIVATE=1 to allow it).",
  URL_UNRESOLVED: "This address's host name could not be found.",
  SECRET_REQUIRED: "Enter a signing secret of at least 16 characters.",
  SECRET_TOO_LONG: "The signing secret may have at most 200 characters.",
  EVENTS_REQUIRED: "Choose at least one event.",
  EVENT_UNKNOWN: "Choose events from the list.",
} as const;

/**
 * A delivery that failed is tried again on the e-mail outbox's schedule (30 s, 2 min, 10 min,
 * 1 h, 6 h, 18 h: about a day), then given up and kept for the record: one retry rule.
 */
export const WEBHOOK_RETRY_DELAYS_MS = MAIL_RETRY_DELAYS_MS;
export const nextWebhookAttempt: (attempts: number, now: Date) => Date | null = nextMailAttempt;

/** A 2xx answer is a delivery; anything else (3xx included: redirects are not followed) fails. */
export const isDelivered = (status: number) => status >= 200 && status < 300;

/** The signed text: `<unix seconds>.<raw body>` (like Stripe's). */
export const signedPayload = (timestamp: number, body: string) => `${timestamp}.${body}`;

/** The header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const signatureHeader = (timestamp: number, hexSignature: string) =>
  `t=${timestamp},v1=${hexSignature}`;

/** Reads `t=…,v1=…` (several v1 allowed, as when a secret is being rotated); null = malformed. */
export function parseSignatureHeader(
  value: string | undefined,
): { timestamp: number; signatures: string[] } | null {
  if (!value) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of value.split(",")) {
    const [key, val = ""] = part.trim().split("=", 2);
    if (key === "t" && /^\d{1,12}$/.test(val)) timestamp = Number(val);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(val)) signatures.push(val);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

// --- Addresses a webhook may not reach (no server-side request forgery) ---

function ipv4Bytes(ip: string): number[] | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address as 8 groups of 16 bits (an embedded dotted IPv4 tail included); null = not one. */
function ipv6Groups(input: string): number[] | null {
  let ip = input.toLowerCase();
  if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.slice(1, -1);
  ip = ip.replace(/%.*$/, ""); // a zone (fe80::1%eth0)
  if (!ip.includes(":")) return null;
  const lastColon = ip.lastIndexOf(":");
  const last = ip.slice(lastColon + 1);
  if (last.includes(".")) {
    // A dotted IPv4 tail (::ffff:127.0.0.1) is two 16-bit groups.
    const v4 = ipv4Bytes(last);
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    ip = `${ip.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known >= 8) return null;
  const zeros = Array<string>(8 - known).fill("0");
  return [...head, ...zeros, ...rest].map((g) => Number.parseInt(g, 16));
}

function privateIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 || // loopback
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata: 169.254.169.254)
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a! >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an IP address (v4 or v6, as a resolver or a URL gives it) is one a webhook may not
 * reach: loopback, private, link-local, unique-local, carrier NAT, multicast, reserved,
 * documentation, unspecified, and IPv4 hidden inside IPv6 (`::ffff:127.0.0.1`, NAT64, 6to4).
 * Anything that is not an IP address is refused too (the caller resolves names first).
 */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return privateIpv4(v4);
  const g = ipv6Groups(address);
  if (!g) return true;
  const embedded = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return true; // ::
  if (zeroUpTo(7) && g[7] === 1) return true; // ::1
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (translated)
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return privateIpv4(embedded(g[6]!, g[7]!));
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return privateIpv4(embedded(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateIpv4(embedded(g[6]!, g[7]!)); // NAT64
  if (g[0] === 0x2002) return privateIpv4(embedded(g[1]!, g[2]!)); // 6to4
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // old site-local fec0::/10
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && g[1] === 0x0db8) || // documentation
    (first === 0x0100 && zeroUpTo(4)) || // discard-only 100::/64
    first === 0 // the rest of ::/8 (reserved)
  );
}

/** A URL's host as an IP address literal (brackets removed), or null when it is a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (ipv4Bytes(bare)) return bare;
  return ipv6Groups(bare) ? bare : null;
}
