import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import {
  safeRedirect,
  storeCustomerSession,
  useCustomerSession,
} from "../../lib/customer-session.ts";

/** After a customer signs in, go home (or back where they came from) after 2 s. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

/**
 * `delayMs`: the sign-in keeps its 2 s pause, as the shop has always had it; a new account goes
 * on at once (a pause after a form filled in is only a wait).
 */
export function useSignedInRedirect(delayMs = LOGIN_REDIRECT_DELAY_MS) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [signedInAs, setSignedInAs] = useState<string | null>(null);
  // Back from Google the return path travels in the fragment instead of the query.
  const [override, setOverride] = useState<string | null>(null);
  const target = override ?? safeRedirect(params.get("redirect"));

  // Sent here by the server from a customer's page while a session is stored in this browser
  // (stored before the signed-in mark existed, or the cookie was cleared): reading it set the
  // mark again, so go back there.
  const stored = useCustomerSession();
  const returning = Boolean(stored) && !signedInAs && params.has("redirect");
  useEffect(() => {
    if (returning) navigate(target, { replace: true });
  }, [returning, navigate, target]);

  useEffect(() => {
    if (!signedInAs) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [signedInAs, navigate, target, delayMs]);

  return {
    signedInAs,
    /** A return path other than `?redirect=` (Google's round trip). */
    setTarget: setOverride,
    /** Stores the session (the header updates at once) and starts the countdown. */
    onSignedIn(response: LoginResponse) {
      storeCustomerSession({ token: response.token, user: response.user });
      setSignedInAs(response.user.name);
    },
    /** Keeps `?redirect=` when moving between login and register. */
    withRedirect(pathTo: (redirect?: string) => string) {
      return pathTo(params.get("redirect") ?? undefined);
    },
  };
}
