import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorList } from "../../components/form/error-list.tsx";
import { Field } from "../../components/form/field.tsx";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { setServerErrors } from "../../components/form/server-errors.ts";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { useHydrated } from "../../components/form/use-hydrated.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { resetPassword } from "./password-reset-api.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/auth.ts"),
  "resetPasswordSchema",
);

const FIELDS = ["password", "password_confirmation"] as const;

/**
 * A new password from the e-mail's link: registration's rules, checked here and by
 * the server with the same schema. The token travels with it; a dead link is the form's error.
 */
export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const { t } = useTranslation("account");
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver,
    defaultValues: { token, password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword(values, t("reset.failed"));
      onReset();
    } catch (error) {
      setFailure(setServerErrors(error, setError, FIELDS, t("reset.failed")));
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      data-testid="reset-password-form"
    >
      <Field
        label={t("reset.password")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...register("password")}
      />
      <Field
        label={t("reset.confirm")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...register("password_confirmation")}
      />
      {/* A link cut short in the mail client fails the schema before any request. */}
      <ErrorList messages={[errors.token?.message, failure]} />
      <SubmitButton
        disabled={!hydrated}
        pending={isSubmitting}
        pendingLabel={t("reset.submitting")}
      >
        {t("reset.submit")}
      </SubmitButton>
    </form>
  );
}
