import { isRouteErrorResponse, useRouteError } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";

/**
 * What a layout's error boundary shows inside its own shell: the header and menu
 * stay, the failed screen is replaced by this panel with a retry. Retry reloads the page, as
 * the shop page does: it re-runs loaders and resets whatever state broke the render.
 */
export function ErrorPanel({ heading: Heading = "h1" }: { heading?: "h1" | "h2" }) {
  const error = useRouteError();
  const { t } = useTranslation(["common", "messages"]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section role="alert" className="mx-auto max-w-xl p-8 text-center" data-testid="route-error">
      <Heading className="text-2xl font-bold text-brown">
        {notFound ? t("errors.notFoundTitle") : t("errors.title")}
      </Heading>
      <p className="mt-4">{notFound ? t("errors.notFound") : t("errors.generic")}</p>
      {notFound ? null : (
        <button
          type="button"
          className="btn btn-primary mt-6"
          onClick={() => window.location.reload()}
        >
          {t("messages:ui.retry")}
        </button>
      )}
    </section>
  );
}
