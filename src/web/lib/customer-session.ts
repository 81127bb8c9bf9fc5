import { useSyncExternalStore } from "react";
import { languageOfPath, localizePath } from "../../shared/domain/language-path.ts";
import { SIGNED_IN_COOKIE } from "../../shared/domain/signed-in-cookie.ts";
import type { UserDto } from "../../shared/schemas/auth.ts";
import { afterHydration, isPageHydrating } from "../components/ui/hydrate-later.tsx";
import { readCookie, writeCookie } from "./cookies.ts";
import { paths } from "./paths.ts";

/**
 * The signed-in customer (the customer login stores its session). Kept apart from
 * the admin's keys (`token`/`token_type`/`user`), so signing in on the storefront never
 * touches a back-office session in the same browser, and the reverse.
 */
export const CUSTOMER_TOKEN_KEY = "customer_token";
export const CUSTOMER_USER_KEY = "customer_user";
const CHANGED = "customer-session-changed";

export type CustomerSession = { token: string; user: UserDto };

let cachedRaw: string | null = null;
let cached: CustomerSession | null = null;

export function readCustomerSession(): CustomerSession | null {
  try {
    const token = localStorage.getItem(CUSTOMER_TOKEN_KEY);
    const rawUser = localStorage.getItem(CUSTOMER_USER_KEY);
    const raw = token && rawUser ? `${token}\n${rawUser}` : null;
    // The same object while nothing changed: useSyncExternalStore compares snapshots by identity.
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    cached = null;
    if (token && rawUser) {
      const user = JSON.parse(rawUser) as UserDto;
      if (user && typeof user.name === "string") cached = { token, user };
    }
    // A session stored before the mark existed (or whose mark was cleared) gets it back.
    if (cached && !hasSignedInCookie(document.cookie)) markSignedIn(true);
    return cached;
  } catch {
    return null;
  }
}

/** Whether a Cookie header (or `document.cookie`) carries the signed-in mark. */
export const hasSignedInCookie = (header: string | null | undefined) =>
  readCookie(header, SIGNED_IN_COOKIE) === "1";

/** The signed-in mark for the server (shared/domain/signed-in-cookie.ts), set or cleared. */
function markSignedIn(on: boolean): void {
  if (on) writeCookie(SIGNED_IN_COOKIE, "1");
  else writeCookie(SIGNED_IN_COOKIE, "", 0);
}

export function storeCustomerSession(session: { token: string; user: UserDto }): void {
  localStorage.setItem(CUSTOMER_TOKEN_KEY, session.token);
  localStorage.setItem(CUSTOMER_USER_KEY, JSON.stringify(session.user));
  markSignedIn(true);
  window.dispatchEvent(new Event(CHANGED));
}

/** After the account is saved the header shows the new name. */
export function updateCustomerUser(user: UserDto): void {
  if (!localStorage.getItem(CUSTOMER_TOKEN_KEY)) return;
  localStorage.setItem(CUSTOMER_USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(CHANGED));
}

export function clearCustomerSession(): void {
  localStorage.removeItem(CUSTOMER_TOKEN_KEY);
  localStorage.removeItem(CUSTOMER_USER_KEY);
  markSignedIn(false);
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  // While the page hydrates the session is not read (see useCustomerSession): it is read in
  // the first idle moment after, and the header renders again only if someone is signed in.
  if (isPageHydrating()) afterHydration(onChange);
  // Another tab signing in or out shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CUSTOMER_TOKEN_KEY || event.key === CUSTOMER_USER_KEY)
      onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The session in components; null on the server and while the page hydrates. The first
 * reading of storage (6-13 ms at 6x CPU) then leaves hydration's last task, the
 * longest of a first visit, for the first idle moment after it.
 */
export function useCustomerSession(): CustomerSession | null {
  return useSyncExternalStore(subscribe, readSessionOnceHydrated, () => null);
}

const readSessionOnceHydrated = () => (isPageHydrating() ? null : readCustomerSession());

/** Only same-site paths: `?redirect=//evil.example` or `https://…` fall back to home. */
export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  return target;
}

/** Where a signed-out visitor to a customer page is sent: the login, then back. */
export function loginRedirect(request: Request): string {
  const url = new URL(request.url);
  // The sign-in page in the language of the page asked for (/ar/orders → /ar/login).
  return localizePath(languageOfPath(url.pathname) ?? "en", paths.login(url.pathname + url.search));
}
