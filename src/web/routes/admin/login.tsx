import { Link, useNavigate } from "react-router";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import { SignInSteps } from "../../features/auth/sign-in-steps.tsx";
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
  const navigate = useNavigate();
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
          <SignInSteps
            kind="admin"
            onSignedIn={signedIn}
            forgotPasswordHref={paths.forgotPassword()}
          />
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
