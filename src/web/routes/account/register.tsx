import { Link } from "react-router";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { GoogleSignIn } from "../../features/auth/google-sign-in.tsx";
import { RegisterForm } from "../../features/auth/register-form.tsx";
import { useSignedInRedirect } from "../../features/auth/use-signed-in-redirect.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/register";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.register"),
    path: paths.register(),
  });

export default function RegisterPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const { signedInAs, onSignedIn, withRedirect } = useSignedInRedirect(0);
  return (
    <AuthCard title={t("register.title")} intro={t("register.intro")}>
      {signedInAs ? (
        <p role="status" className="rounded-lg bg-pistachio/10 p-4 font-semibold text-pistachio">
          {t("register.success", { name: signedInAs })}
        </p>
      ) : (
        <>
          <RegisterForm onRegistered={onSignedIn} />
          <GoogleSignIn />
          <p className="mt-6 text-center">
            {t("register.haveAccount")}{" "}
            <Link to={withRedirect(paths.login)} className="font-semibold text-gold-dark underline">
              {t("register.loginLink")}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
