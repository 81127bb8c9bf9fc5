import dns from "node:dns";
import type { LookupFunction } from "node:net";
import {
  ipLiteralOf,
  isPrivateAddress,
  WEBHOOK_MESSAGES,
} from "../../../shared/domain/webhooks.ts";

/** Why an endpoint's address is refused (a message of WEBHOOK_MESSAGES), or null = fine. */
export type AddressProblem = (typeof WEBHOOK_MESSAGES)[keyof typeof WEBHOOK_MESSAGES] | null;

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is a loopback, private or link-local address`);
  }
}

/**
 * Save time: a URL whose host is, or resolves to, an address the shop's own network owns is
 * refused (every resolved address: a name with one public and one private address could be
 * pointed at either). With `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE=1) nothing is resolved.
 */
export async function addressProblem(url: URL, allowPrivate: boolean): Promise<AddressProblem> {
  if (allowPrivate) return null;
  const literal = ipLiteralOf(url.hostname);
  if (literal) return isPrivateAddress(literal) ? WEBHOOK_MESSAGES.URL_PRIVATE : null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(url.hostname, { all: true, verbatim: true });
  } catch {
    return WEBHOOK_MESSAGES.URL_UNRESOLVED;
  }
  if (addresses.length === 0) return WEBHOOK_MESSAGES.URL_UNRESOLVED;
  return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_MESSAGES.URL_PRIVATE : null;
}

/**
 * Send time: the `lookup` the HTTP client connects with. It resolves the name and refuses
 * when any address is private, so the address checked is the address connected to (a name
 * re-pointed after it was saved, DNS rebinding, is caught here). `resolve` is for tests.
 */
export function guardLookup(resolve: typeof dns.lookup = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as unknown as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad || list.length === 0) {
        return callback(
          new PrivateAddressError(bad?.address ?? hostname) as NodeJS.ErrnoException,
          "",
          4,
        );
      }
      if (options.all) return (callback as unknown as AllCallback)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
export const guardedLookup = guardLookup();
type AllCallback = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void;

/** Send time, for a URL whose host is an IP literal (the client does not look those up). */
export function literalRefused(url: URL): string | null {
  const literal = ipLiteralOf(url.hostname);
  return literal && isPrivateAddress(literal) ? literal : null;
}
