import { useState } from "react";
import { useForm } from "react-hook-form";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import { Field } from "../../components/form/field.tsx";
import { useMessageText } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { applyServerErrors } from "../../components/form/server-errors.ts";
import { useHydrated } from "../../components/form/use-hydrated.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { register as registerAccount } from "./auth-api.ts";

const resolver = schemaResolver(() => import("../../../shared/schemas/auth.ts"), "registerSchema");

const FIELDS = ["name", "email", "password", "password_confirmation"] as const;

/** Register: name, email, password, confirm password; the same rules on both sides. */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (response: LoginResponse) => void;
}) {
  const { t } = useTranslation("account");
  const text = useMessageText();
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm({
    resolver,
    defaultValues: { name: "", email: "", password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onRegistered(await registerAccount(values, MESSAGES.REGISTRATION_FAILED));
    } catch (error) {
      const onFields =
        error instanceof ApiError && applyServerErrors(error.errors, setError, FIELDS);
      // Field errors speak for themselves; anything else gets one message above the button.
      if (!onFields)
        setFailure(
          error instanceof ApiError && error.status > 0 && error.message
            ? error.message
            : MESSAGES.REGISTRATION_FAILED,
        );
      throw error;
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      className="flex flex-col gap-4"
      data-testid="register-form"
    >
      <Field
        label={t("register.name")}
        autoComplete="name"
        required
        error={errors.name}
        {...register("name")}
      />
      <Field
        label={t("register.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        {...register("email")}
      />
      <Field
        label={t("register.password")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...register("password")}
      />
      <Field
        label={t("register.confirm")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...register("password_confirmation")}
      />
      <p role="alert" className="min-h-6 text-sm font-semibold text-red-700">
        {failure ? text(failure) : ""}
      </p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!hydrated || isSubmitting || isSubmitSuccessful}
      >
        {isSubmitting ? t("register.submitting") : t("register.submit")}
      </button>
    </form>
  );
}
