import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { useMessageText } from "../../components/form/messages.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { ResetPasswordForm } from "../../features/auth/reset-password-form.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/reset-password";

export const handle = { i18n: ["account", "messages"] as const };

// No canonical address: the page's address carries a secret.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "account:reset.title"),
    noIndex: true,
  });

/** The e-mail's link lands here (`?token=…`); after the reset the page says so and links to sign in. */
export default function ResetPasswordPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const text = useMessageText();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  return (
    <AuthCard title={t("reset.title")} intro={done ? "" : t("reset.intro")}>
      {done ? (
        <div role="status" className="rounded-lg bg-pistachio/10 p-4">
          <p className="font-semibold text-pistachio">{text(PASSWORD_RESET_MESSAGES.DONE)}</p>
          <p className="mt-3 flex flex-wrap gap-4">
            <Link to={paths.login()} className="btn btn-primary">
              {t("reset.signIn")}
            </Link>
            <Link to={paths.admin.login()} className="self-center text-gold-dark underline">
              {t("reset.adminSignIn")}
            </Link>
          </p>
        </div>
      ) : token ? (
        <ResetPasswordForm token={token} onReset={() => setDone(true)} />
      ) : (
        <p role="alert" className="font-semibold text-red-700">
          {text(PASSWORD_RESET_MESSAGES.TOKEN_REQUIRED)}
        </p>
      )}
      {done ? null : (
        <p className="mt-6 text-center">
          <Link to={paths.forgotPassword()} className="font-semibold text-gold-dark underline">
            {t("reset.requestNew")}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
