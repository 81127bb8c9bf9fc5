import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { ORDER_LOOKUP_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { Field } from "../../components/form/field.tsx";
import { registerMessages } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { setServerErrors } from "../../components/form/server-errors.ts";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { useHydrated } from "../../components/form/use-hydrated.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiPost } from "../../lib/api.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/order-lookup.ts"),
  "orderLookupSchema",
);

// The form's rules and the server's "not found", translated in the page's own namespace.
registerMessages(ORDER_LOOKUP_MESSAGES, (id) => `track:errors.${id}`);

/**
 * "Find my order": the order number and the e-mail or phone given at checkout open
 * the order's private page. A wrong pair and an unknown number get the same answer.
 */
export function TrackForm() {
  const { t, i18n } = useTranslation("track");
  // Until the script runs the button stays disabled: the form has no server action.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { number: "", contact: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await apiPost<{ data: { url: string } }>("/api/orders/lookup", values, {
        fallback: t("failed"),
      });
      // The order page in the language being read (`/ar/order/…` in Arabic).
      await navigate(localizePath(i18n.language === "ar" ? "ar" : "en", data.url));
    } catch (error) {
      setFailure(setServerErrors(error, setError, ["number", "contact"], t("failed")));
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      data-testid="track-form"
    >
      <Field
        label={t("number")}
        hint={t("numberHint")}
        autoComplete="off"
        dir="ltr"
        required
        error={errors.number}
        {...register("number")}
      />
      <Field
        label={t("contact")}
        hint={t("contactHint")}
        autoComplete="email"
        dir="ltr"
        required
        error={errors.contact}
        {...register("contact")}
      />
      <ErrorList messages={[failure]} />
      <SubmitButton disabled={!hydrated} pending={isSubmitting} pendingLabel={t("submitting")}>
        {t("submit")}
      </SubmitButton>
    </form>
  );
}
