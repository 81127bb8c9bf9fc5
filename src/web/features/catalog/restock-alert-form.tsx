import { useId, useState } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";

type State =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "done"; email: string }
  | { kind: "error"; key: string };

/** The message for a refusal, by what the server said (no message tables on this page). */
function refusalKey(status: number, errors: Record<string, string[]> | undefined): string {
  if (status === 429) return "restock.tooMany";
  if (status === 422 && errors?.email) return "restock.emailInvalid";
  if (status === 422 && errors?.product) return "restock.inStock";
  return "restock.failed";
}

/**
 * "E-mail me when it is back" on a sold-out product: one e-mail in the page's language when
 * stock returns, the address used for nothing else and deleted after it (or after 90 days).
 */
export function RestockAlertForm({ productId, grams }: { productId: number; grams: number }) {
  const { t } = useTranslation("product");
  const lang = useLang();
  const emailId = useId();
  const hintId = useId();
  const [state, setState] = useState<State>({ kind: "idle" });

  if (state.kind === "done") {
    return (
      <p
        role="status"
        className="mt-4 rounded-xl border border-line bg-white p-4 text-sm"
        data-testid="restock-done"
      >
        {t("restock.done", { email: state.email })}
      </p>
    );
  }
  return (
    <form
      className="mt-4 rounded-xl border border-line bg-white p-4 text-sm"
      data-testid="restock-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        setState({ kind: "sending" });
        try {
          const res = await fetch(`/api/products/${productId}/restock-alerts`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, grams, lang }),
          });
          if (res.ok) return setState({ kind: "done", email });
          const body = (await res.json().catch(() => ({}))) as {
            errors?: Record<string, string[]>;
          };
          setState({ kind: "error", key: refusalKey(res.status, body.errors) });
        } catch {
          setState({ kind: "error", key: "restock.failed" });
        }
      }}
    >
      <h2 className="font-bold text-brown">{t("restock.title")}</h2>
      <p id={hintId} className="mt-1 text-muted">
        {t("restock.hint")}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor={emailId} className="mb-1 block font-semibold">
            {t("restock.email")}
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            required
            autoComplete="email"
            dir="ltr"
            aria-describedby={hintId}
            className="field w-full"
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={state.kind === "sending"}>
          {t("restock.submit")}
        </button>
      </div>
      {state.kind === "error" ? (
        <p role="alert" className="mt-2 text-red-700">
          {t(state.key)}
        </p>
      ) : null}
    </form>
  );
}
