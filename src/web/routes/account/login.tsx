import { Link } from "react-router";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { GoogleSignIn, useGoogleReturn } from "../../features/auth/google-sign-in.tsx";
import { SignInSteps } from "../../features/auth/sign-in-steps.tsx";
import { useSignedInRedirect } from "../../features/auth/use-signed-in-redirect.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/login";

// `admin-two-factor` for the code step of an account with two-factor on (its texts are the
// same for both sign-ins).
export const handle = { i18n: ["account", "messages", "admin-two-factor"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "pages.login"), path: paths.login() });

export default function LoginPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const { signedInAs, onSignedIn, withRedirect, setTarget } = useSignedInRedirect();
  const google = useGoogleReturn((response, redirect) => {
    setTarget(redirect);
    onSignedIn(response);
  });
  return (
    <AuthCard title={t("login.title")} intro={t("login.intro")}>
      {signedInAs ? (
        <p role="status" className="rounded-lg bg-pistachio/10 p-4 font-semibold text-pistachio">
          {t("login.success", { name: signedInAs })}
        </p>
      ) : (
        <>
          {google.failed ? (
            <p role="alert" className="mb-4 font-semibold text-red-700">
              {google.unverified
                ? t("google.unverified")
                : google.twoFactor
                  ? t("google.twoFactor")
                  : t("google.failed")}
            </p>
          ) : null}
          <SignInSteps
            kind="customer"
            onSignedIn={onSignedIn}
            forgotPasswordHref={paths.forgotPassword()}
          />
          <GoogleSignIn />
          <p className="mt-6 text-center">
            {t("login.noAccount")}{" "}
            <Link
              to={withRedirect(paths.register)}
              className="font-semibold text-gold-dark underline"
            >
              {t("login.registerLink")}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
