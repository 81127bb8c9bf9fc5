import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { NEWSLETTER_MESSAGES } from "../../../shared/domain/newsletter.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { registerMessages } from "../../components/form/messages.ts";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { useHydrated } from "../../components/form/use-hydrated.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError, apiPost } from "../../lib/api.ts";
import { usePaths } from "../../lib/paths.ts";

// The server's token answers, translated in the pages' own namespace.
registerMessages(NEWSLETTER_MESSAGES, (id) => `newsletter:errors.${id}`);

type Action = "confirm" | "unsubscribe";
type State =
  | { kind: "ready" }
  | { kind: "done" }
  /** `final`: the link itself was refused (forged, used): trying again cannot help. */
  | { kind: "failed"; message: string; final: boolean };

/**
 * The page an e-mail's newsletter link opens (`?token=…`): one button that confirms or
 * unsubscribes. Opening the link changes nothing by itself: mail scanners that fetch every
 * link would otherwise confirm addresses nobody confirmed, or unsubscribe people.
 */
export function TokenAction({ action, token }: { action: Action; token: string }) {
  const { t } = useTranslation("newsletter");
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<State>(
    token
      ? { kind: "ready" }
      : { kind: "failed", message: NEWSLETTER_MESSAGES.TOKEN_REQUIRED, final: true },
  );

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await apiPost(`/api/newsletter/${action}`, { token }, { fallback: t(`${action}.failed`) });
      setState({ kind: "done" });
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 400 || error.status === 422);
      const message =
        error instanceof ApiError && error.status !== 0 && error.message
          ? error.message
          : t(`${action}.failed`);
      setState({ kind: "failed", message, final: refused });
    } finally {
      setPending(false);
    }
  }

  if (state.kind === "done")
    return (
      <p
        role="status"
        className="rounded-lg bg-pistachio/10 p-4 font-semibold text-pistachio"
        data-testid="newsletter-done"
      >
        {t(`${action}.done`)}
      </p>
    );

  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <ErrorList messages={[state.kind === "failed" ? state.message : null]} />
      {state.kind === "failed" && state.final ? (
        <p className="text-sm text-muted">{t("usedHint")}</p>
      ) : (
        <SubmitButton
          disabled={!hydrated}
          pending={pending}
          pendingLabel={t(`${action}.submitting`)}
        >
          {t(`${action}.submit`)}
        </SubmitButton>
      )}
    </form>
  );
}

/**
 * The page a newsletter e-mail's link lands on (`/newsletter/confirm?token=…` or
 * `/newsletter/unsubscribe?token=…`): what the button will do, the button, and the way back.
 */
export function TokenActionPage({ action }: { action: Action }) {
  const { t } = useTranslation("newsletter");
  const paths = usePaths();
  const [params] = useSearchParams();
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-brown">{t(`${action}.title`)}</h1>
        <p className="mt-2 mb-6 text-muted">{t(`${action}.intro`)}</p>
        <TokenAction action={action} token={params.get("token") ?? ""} />
        <p className="mt-6">
          <Link to={paths.shop()} className="font-semibold text-gold-dark underline">
            {t("backToShop")}
          </Link>
        </p>
      </div>
    </section>
  );
}
