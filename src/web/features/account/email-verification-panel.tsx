import { useState } from "react";
import { useMessageText } from "../../components/form/messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { sendVerification } from "./privacy-api.ts";

/**
 * Whether the account's e-mail address is verified, with "send again" while it is
 * not. The server caps the links per account; its answer (sent, too many, unavailable) shows
 * here in the reader's language.
 */
export function EmailVerificationPanel({ verified, token }: { verified: boolean; token: string }) {
  const { t, i18n } = useTranslation("account");
  const text = useMessageText();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);

  const send = async () => {
    setPending(true);
    setStatus(null);
    try {
      const { message } = await sendVerification(
        token,
        i18n.language === "ar" ? "ar" : "en",
        t("verification.failed"),
      );
      setStatus({ ok: true, message: text(message) });
    } catch (error) {
      setStatus({
        ok: false,
        message: error instanceof ApiError ? text(error.message) : t("verification.failed"),
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <div
      className={`mt-6 max-w-2xl rounded-lg border p-4 ${verified ? "border-pistachio/40 bg-pistachio/10" : "border-gold/40 bg-gold/10"}`}
      data-testid="email-verification"
    >
      {verified ? (
        <p className="font-semibold text-pistachio">{t("verification.verified")}</p>
      ) : (
        <>
          <p className="font-semibold text-brown">{t("verification.unverified")}</p>
          <p className="mt-1 text-sm text-muted">{t("verification.why")}</p>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <button
              type="button"
              className="btn btn-outline"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => void send()}
            >
              {pending ? t("verification.sending") : t("verification.sendAgain")}
            </button>
            <p
              role="status"
              className={`text-sm font-semibold ${status?.ok ? "text-pistachio" : "text-red-700"}`}
            >
              {status?.message ?? ""}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
