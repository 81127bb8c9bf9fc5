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
import { adminLogin, login } from "./auth-api.ts";

type Props = {
  /** Customer login (/login) or the admin entry (/admin-login): same rules. */
  kind: "customer" | "admin";
  onSignedIn: (response: LoginResponse & { two_factor_setup_required?: boolean }) => void;
  /** An account with two-factor on (either sign-in): the code step's challenge, no token yet. */
  onTwoFactor?: (challenge: string) => void;
};

const resolver = schemaResolver(() => import("../../../shared/schemas/auth.ts"), "loginSchema");

/** The server's message first; the fixed fallback when there is none. */
function failureText(error: unknown, kind: Props["kind"]): string {
  if (kind === "admin") {
    return error instanceof ApiError && error.status > 0 && error.message
      ? error.message
      : MESSAGES.ADMIN_LOGIN_FAILED;
  }
  if (error instanceof ApiError && error.status === 0) return MESSAGES.LOGIN_FAILED_RETRY;
  return error instanceof ApiError && error.message ? error.message : MESSAGES.LOGIN_FAILED;
}

export function SignInForm({ kind, onSignedIn, onTwoFactor }: Props) {
  const { t } = useTranslation(kind === "admin" ? "admin" : "account");
  const text = useMessageText();
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm({ resolver, defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const fallback = kind === "admin" ? MESSAGES.ADMIN_LOGIN_FAILED : MESSAGES.LOGIN_FAILED;
      const response = await (kind === "admin" ? adminLogin : login)(values, fallback);
      if ("two_factor_required" in response) onTwoFactor?.(response.challenge);
      else onSignedIn(response);
    } catch (error) {
      if (error instanceof ApiError)
        applyServerErrors(error.errors, setError, ["email", "password"]);
      setFailure(failureText(error, kind));
      throw error; // keeps isSubmitSuccessful false
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      className="flex flex-col gap-4"
      data-testid={`${kind}-login-form`}
    >
      <Field
        label={t("login.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        {...register("email")}
      />
      <Field
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        {...register("password")}
      />
      <p role="alert" className="min-h-6 text-sm font-semibold text-red-700">
        {failure ? text(failure) : ""}
      </p>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={!hydrated || isSubmitting || isSubmitSuccessful}
      >
        {isSubmitting ? t("login.submitting") : t("login.submit")}
      </button>
    </form>
  );
}
