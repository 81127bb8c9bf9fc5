import { useState } from "react";
import { Link } from "react-router";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { TwoFactorStep } from "./two-factor-step.tsx";

type Props = {
  /** The back office's sign-in (an admin token) or the shop's. */
  kind: "customer" | "admin";
  onSignedIn: (response: LoginResponse & { two_factor_setup_required?: boolean }) => void;
  /** Where "Forgot password?" leads (the shop's page in the page's language). */
  forgotPasswordHref: string;
};

/**
 * Signing in, as both sign-in pages do it: the e-mail and password, then, when two-factor
 * sign-in is on, the code step; a code step that ends (expired, used up, too many wrong codes)
 * comes back to a fresh password form saying why. "Forgot password?" below either step.
 */
export function SignInSteps({ kind, onSignedIn, forgotPasswordHref }: Props) {
  const { t } = useTranslation("account");
  // After the password, the code step when two-factor sign-in is on.
  const [challenge, setChallenge] = useState<string | null>(null);
  // The code step ended: the password again, saying why (a new form each time).
  const [restart, setRestart] = useState<{ message: string; count: number } | null>(null);
  return (
    <>
      {challenge ? (
        <TwoFactorStep
          kind={kind}
          challenge={challenge}
          onSignedIn={onSignedIn}
          onRestart={(message) => {
            setChallenge(null);
            setRestart((before) => ({ message, count: (before?.count ?? 0) + 1 }));
          }}
        />
      ) : (
        <>
          {restart ? <ErrorList messages={[restart.message]} /> : null}
          <SignInForm
            key={restart?.count ?? 0}
            kind={kind}
            onSignedIn={onSignedIn}
            onTwoFactor={setChallenge}
          />
        </>
      )}
      <p className="mt-3 text-end">
        <Link to={forgotPasswordHref} className="text-sm text-gold-dark underline">
          {t("forgot.link")}
        </Link>
      </p>
    </>
  );
}
