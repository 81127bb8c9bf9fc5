import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { SignInForm } from "../../features/auth/sign-in-form.tsx";
import { TwoFactorStep } from "../../features/auth/two-factor-step.tsx";
import { WelcomeIllustration } from "../../features/auth/welcome-illustration.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { storeAdminSession } from "../../lib/admin-session.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/login";

// `account` for the "Forgot password?" link, shared with the customer sign-in;
// `admin-two-factor` for the code step.
export const handle = { i18n: ["admin", "messages", "account", "admin-two-factor"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:login.title"), noIndex: true });

/** Admin sign-in: welcome image, login's rules; stores token, token_type, user; then dashboard. */
export default function AdminLoginPage() {
  const { t } = useTranslation("admin");
  const { t: tAccount } = useTranslation("account");
  const navigate = useNavigate();
  // After the password, the code step when two-factor sign-in is on.
  const [challenge, setChallenge] = useState<string | null>(null);
  // The code step ended (expired, used up): the password again, saying why.
  const [restart, setRestart] = useState<{ message: string; count: number } | null>(null);
  const signedIn = (response: LoginResponse & { two_factor_setup_required?: boolean }) => {
    storeAdminSession(response);
    // Required by the owner and not set up yet: the set-up is the only way in.
    navigate(response.two_factor_setup_required ? paths.admin.account() : paths.admin.dashboard(), {
      replace: true,
    });
  };
  return (
    <main id="main" className="grid min-h-dvh bg-cream md:grid-cols-2">
      <div className="hidden items-center justify-center bg-brown p-10 md:flex">
        <WelcomeIllustration label={t("login.imageAlt")} className="w-full max-w-md" />
      </div>
      <div className="flex items-center justify-center p-6">
        <section className="w-full max-w-md rounded-xl bg-white p-8 shadow">
          <p className="font-semibold text-gold-dark">{t("login.welcome")}</p>
          <h1 className="text-2xl font-bold text-brown">{t("login.title")}</h1>
          <p className="mt-2 mb-6 text-muted">{t("login.intro")}</p>
          {challenge ? (
            <TwoFactorStep
              challenge={challenge}
              onSignedIn={signedIn}
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
                kind="admin"
                onSignedIn={signedIn}
                onTwoFactor={setChallenge}
              />
            </>
          )}
          <p className="mt-3 text-end">
            <Link to={paths.forgotPassword()} className="text-sm text-gold-dark underline">
              {tAccount("forgot.link")}
            </Link>
          </p>
          <p className="mt-6 text-center">
            <Link to={paths.home()} className="text-gold-dark underline">
              {t("login.backToShop")}
            </Link>
          </p>
        </section>
      </div>
    </main>
  );
}
