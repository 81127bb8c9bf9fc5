import { Link, useLoaderData } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { useMessageText } from "../../components/form/messages.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { ForgotPasswordForm } from "../../features/auth/forgot-password-form.tsx";
import { passwordResetAvailable } from "../../features/auth/password-reset-api.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/forgot-password";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "account:forgot.title"),
    path: paths.forgotPassword(),
    noIndex: true,
  });

/** Whether resets are offered is asked before the form shows: no form that cannot work. */
export async function clientLoader() {
  return { available: await passwordResetAvailable().catch(() => true) };
}

export function HydrateFallback() {
  const { t } = useTranslation("account");
  return (
    <AuthCard title={t("forgot.title")} intro={t("forgot.intro")}>
      <p className="text-muted">…</p>
    </AuthCard>
  );
}

export default function ForgotPasswordPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const text = useMessageText();
  const { available } = useLoaderData<typeof clientLoader>();
  return (
    <AuthCard title={t("forgot.title")} intro={available ? t("forgot.intro") : ""}>
      {available ? (
        <ForgotPasswordForm />
      ) : (
        <div role="status" className="rounded-lg border border-line bg-cream p-4">
          <p className="font-semibold text-brown">{text(PASSWORD_RESET_MESSAGES.UNAVAILABLE)}</p>
          <p className="mt-2 text-sm text-muted">{t("forgot.ownerHint")}</p>
        </div>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.login()} className="font-semibold text-gold-dark underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
