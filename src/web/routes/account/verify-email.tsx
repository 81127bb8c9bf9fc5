import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../shared/domain/account-privacy.ts";
import { useMessageText } from "../../components/form/messages.ts";
import { verifyEmail } from "../../features/account/privacy-api.ts";
import { AuthCard } from "../../features/auth/auth-card.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/verify-email";

export const handle = { i18n: ["account", "messages"] as const };

// No canonical address: the page's address carries a secret.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "account:verify.title"),
    noIndex: true,
  });

type State = { kind: "working" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * The verification e-mail's link lands here (`?token=…`). The page posts the token
 * once it runs in the browser (a mail scanner fetching the address verifies nothing) and says
 * how it went in the reader's language.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation("account");
  const paths = usePaths();
  const text = useMessageText();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>(
    token
      ? { kind: "working" }
      : { kind: "failed", message: EMAIL_VERIFICATION_MESSAGES.TOKEN_REQUIRED },
  );
  // One request per link, even when React runs the effect twice.
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    verifyEmail(token, t("verify.failed")).then(
      () => setState({ kind: "done" }),
      (error: unknown) =>
        setState({
          kind: "failed",
          message: error instanceof ApiError ? error.message : t("verify.failed"),
        }),
    );
  }, [token, t]);

  return (
    <AuthCard title={t("verify.title")} intro="">
      {state.kind === "working" ? (
        <p role="status" className="text-muted">
          {t("verify.working")}
        </p>
      ) : state.kind === "done" ? (
        <div role="status" className="rounded-lg bg-pistachio/10 p-4">
          <p className="font-semibold text-pistachio">{text(EMAIL_VERIFICATION_MESSAGES.DONE)}</p>
        </div>
      ) : (
        <p role="alert" className="font-semibold text-red-700">
          {text(state.message)}
        </p>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.account()} className="font-semibold text-gold-dark underline">
          {t("verify.toAccount")}
        </Link>
      </p>
    </AuthCard>
  );
}
