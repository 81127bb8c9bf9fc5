import { useId, useState } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError, apiPost } from "../../lib/api.ts";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; confirmation: "email" | "later" }
  | { kind: "error"; message: string };

/**
 * Footer subscribe: the address waits for the confirmation e-mail's link;
 * the answer is the same for a new, a pending and a confirmed address. Without SMTP the shop
 * keeps the address pending and says the confirmation comes later.
 */
export function SubscribeForm() {
  const { t, i18n } = useTranslation("footer");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inputId = useId();
  const statusId = useId();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      email: String(new FormData(form).get("email") ?? ""),
      lang: i18n.language === "ar" ? "ar" : "en",
    };
    // The footer is on every page: the shared schema (and zod with it) loads on first submit,
    // not with the first visit's JavaScript.
    const { newsletterSubscribeSchema } = await import("../../../shared/schemas/newsletter.ts");
    if (!newsletterSubscribeSchema.safeParse(input).success) {
      setStatus({ kind: "error", message: t("invalidEmail") });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const { data } = await apiPost<{ data: { confirmation?: "email" | "later" } }>(
        "/api/newsletter",
        input,
      );
      form.reset();
      setStatus({ kind: "done", confirmation: data?.confirmation ?? "email" });
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 422;
      setStatus({ kind: "error", message: invalid ? t("invalidEmail") : t("subscribeFailed") });
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-3 flex flex-col gap-2"
      aria-describedby={statusId}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("emailLabel")}
      </label>
      {/* Side by side where the column is wide enough for the whole placeholder, the button
          below it where not (otherwise "you@exampl" was cut in the desktop footer). */}
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder={t("emailPlaceholder")}
          className="field min-w-48 flex-1 text-ink"
          aria-invalid={status.kind === "error"}
        />
        <button type="submit" className="btn btn-primary" disabled={status.kind === "sending"}>
          {status.kind === "sending" ? t("subscribing") : t("subscribe")}
        </button>
      </div>
      <p id={statusId} role="status" className="min-h-6 text-sm" data-testid="subscribe-status">
        {status.kind === "done"
          ? t(status.confirmation === "later" ? "subscribedLater" : "subscribed")
          : status.kind === "error"
            ? status.message
            : ""}
      </p>
    </form>
  );
}
