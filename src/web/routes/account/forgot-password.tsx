import { Link, useLoaderData } from "react-router";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { useMessageText } from "../../components/form/messages.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { ForgotPasswordForm } from "../../features/auth/forgot-password-form.tsx";
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

/**
 * Whether resets are offered comes with the page: the server knows (SMTP_URL), so the form is in
 * the first HTML. Asked from the browser before, the page showed a placeholder until the answer
 * came, then the taller form pushed the footer (CLS 0.08, LCP 3.1-3.5 s in Lighthouse).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { available: context.passwordReset };
}

export default function ForgotPasswordPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const text = useMessageText();
  const { available } = useLoaderData<typeof loader>();
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
