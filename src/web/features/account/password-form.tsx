import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Field } from "../../components/form/field.tsx";
import { useMessageText } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { applyServerErrors } from "../../components/form/server-errors.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError, apiPut } from "../../lib/api.ts";
import { clearCustomerSession } from "../../lib/customer-session.ts";
import { usePaths } from "../../lib/paths.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/account.ts"),
  "passwordChangeSchema",
);

const FIELDS = ["current_password", "password", "password_confirmation"] as const;
const EMPTY = { current_password: "", password: "", password_confirmation: "" };

/** Security screen: this session stays signed in; every other one ends (server side). */
export function PasswordForm({ token }: { token: string }) {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const text = useMessageText();
  const navigate = useNavigate();
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await apiPut("/api/account/password", values, { token });
      reset(EMPTY);
      setStatus({ ok: true, message: t("security.saved") });
    } catch (error) {
      // The session ended elsewhere (expired, or revoked by a change on another device).
      if (error instanceof ApiError && error.status === 401) {
        clearCustomerSession();
        navigate(paths.login(paths.security()));
        return;
      }
      const onFields =
        error instanceof ApiError && applyServerErrors(error.errors, setError, FIELDS);
      if (!onFields)
        setStatus({
          ok: false,
          message:
            error instanceof ApiError && error.status === 429
              ? text(error.message)
              : t("security.failed"),
        });
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 flex max-w-md flex-col gap-4"
      data-testid="password-form"
    >
      <Field
        label={t("security.current")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.current_password}
        {...register("current_password")}
      />
      <Field
        label={t("security.new")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...register("password")}
      />
      <Field
        label={t("security.confirm")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...register("password_confirmation")}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={isSubmitting}>
        {isSubmitting ? t("security.submitting") : t("security.submit")}
      </button>
      <p
        role="status"
        className={`font-semibold ${status?.ok ? "text-pistachio" : "text-red-700"}`}
      >
        {status?.message ?? ""}
      </p>
    </form>
  );
}
