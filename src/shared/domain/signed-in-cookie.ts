/**
 * A cookie beside the customer's bearer token (which lives in the browser's storage)
 * that tells the server someone may be signed in in this browser. It carries no secret and
 * grants nothing: the account pages' own loaders still ask the API with the token. It only lets
 * the server send a visitor without it straight to the sign-in page (a 302) instead of a
 * placeholder that the browser replaces after its scripts ran (which put LCP at 3.7-4.1 s).
 * Read and written by `web/lib/customer-session.ts`; the HTML cache lets it through.
 */
export const SIGNED_IN_COOKIE = "signed_in";
