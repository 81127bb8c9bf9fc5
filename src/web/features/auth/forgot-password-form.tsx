import { useState } from "react";
import { useForm } from "react-hook-form";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { Field } from "../../components/form/field.tsx";
import { useMessageText } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { setServerErrors } from "../../components/form/server-errors.ts";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { useHydrated } from "../../components/form/use-hydrated.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { forgotPassword } from "./password-reset-api.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/auth.ts"),
  "forgotPasswordSchema",
);

/**
 * "Forgot password?": one e-mail field. The answer is the same whether or not the
 * address has an account, so the form only ever says "if an account exists, we sent a link".
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation("account");
  const text = useMessageText();
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The e-mail is written in the language of the page it was asked from.
      const lang = i18n.language === "ar" ? "ar" : "en";
      const { message } = await forgotPassword({ ...values, lang }, t("forgot.failed"));
      setSent(message || PASSWORD_RESET_MESSAGES.SENT);
    } catch (error) {
      setFailure(setServerErrors(error, setError, ["email"], t("forgot.failed")));
    }
  });

  if (sent)
    return (
      <p role="status" className="rounded-lg bg-pistachio/10 p-4 font-semibold text-pistachio">
        {text(sent)}
      </p>
    );

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      data-testid="forgot-password-form"
    >
      <Field
        label={t("forgot.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        {...register("email")}
      />
      <ErrorList messages={[failure]} />
      <SubmitButton
        disabled={!hydrated}
        pending={isSubmitting}
        pendingLabel={t("forgot.submitting")}
      >
        {t("forgot.submit")}
      </SubmitButton>
    </form>
  );
}
