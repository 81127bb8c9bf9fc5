import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { LoginResponse, UserDto } from "../../../shared/schemas/auth.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiGet } from "../../lib/api.ts";
import { safeRedirect } from "../../lib/customer-session.ts";
import { useRootData } from "../../lib/use-root-data.ts";

/**
 * 'Continue with Google' only when Google sign-in is configured (GOOGLE_CLIENT_ID),
 * never a dead button. It is a plain link: the server sends the browser on to Google.
 */
export function GoogleSignIn() {
  const { t } = useTranslation("account");
  const { googleSignIn } = useRootData();
  const [params] = useSearchParams();
  if (!googleSignIn) return null;
  const redirect = safeRedirect(params.get("redirect"));
  return (
    <div className="mt-6">
      <p className="mb-4 flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t("google.or")}
      </p>
      <a
        href={`/api/auth/google?redirect=${encodeURIComponent(redirect)}`}
        className="btn btn-outline w-full"
      >
        {t("google.continue")}
      </a>
    </div>
  );
}

/**
 * Back from Google, the server put the new token (or an error flag) in the URL fragment: the
 * fragment never reaches a server. Store the session like a password sign-in, then clean the URL.
 */
export function useGoogleReturn(onSignedIn: (response: LoginResponse, redirect: string) => void): {
  failed: boolean;
  /** An account has this address but never verified it, so Google was refused. */
  unverified: boolean;
  /** The account has two-factor sign-in on: its password and code, not Google. */
  twoFactor: boolean;
} {
  const [failed, setFailed] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get("google_token");
    if (!token && !fragment.get("google_error")) return;
    const redirect = fragment.get("redirect");
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    if (!token) {
      setFailed(true);
      setUnverified(fragment.get("google_error") === "unverified");
      setTwoFactor(fragment.get("google_error") === "two_factor");
      return;
    }
    apiGet<{ data: UserDto }>("/api/account", { token })
      .then(({ data }) =>
        onSignedIn(
          { token, token_type: "Bearer", expires_at: "", user: data },
          safeRedirect(redirect),
        ),
      )
      .catch(() => setFailed(true));
  }, []);
  return { failed, unverified, twoFactor };
}
