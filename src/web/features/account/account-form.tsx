import { useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_COUNTRIES, countryName } from "../../../shared/domain/countries.ts";
import type { AccountUpdateInput } from "../../../shared/schemas/account.ts";
import type { UserDto } from "../../../shared/schemas/auth.ts";
import { Field } from "../../components/form/field.tsx";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { applyServerErrors } from "../../components/form/server-errors.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError, apiPut } from "../../lib/api.ts";
import { updateCustomerUser } from "../../lib/customer-session.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/account.ts"),
  "accountUpdateSchema",
);

const FIELDS = [
  "username",
  "name",
  "company",
  "email",
  "phone",
  "country",
  "location",
  "current_password",
] as const;

const formValues = (user: UserDto): AccountUpdateInput => ({
  username: user.username ?? "",
  name: user.name,
  company: user.company ?? "",
  email: user.email,
  phone: user.phone ?? "",
  country: (user.country ?? "") as AccountUpdateInput["country"],
  location: user.location ?? "",
  current_password: "",
});

/** Account: username, name, company, email, phone, country (SY/TR/QA/AE), location. */
export function AccountForm({ user, token }: { user: UserDto; token: string }) {
  const { t, i18n } = useTranslation("account");
  const lang = i18n.language === "ar" ? "ar" : "en";
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: formValues(user) });
  // A new address (not another case of the same one) needs the password: the server asks
  // for it too, and tells the old address.
  const typedEmail = watch("email") ?? "";
  const emailChanging = typedEmail.trim().toLowerCase() !== user.email.toLowerCase();

  const onSubmit = handleSubmit(async ({ current_password, ...fields }) => {
    setStatus(null);
    try {
      const body = emailChanging ? { ...fields, current_password } : fields;
      const { data } = await apiPut<{ data: UserDto }>("/api/account", body, { token });
      updateCustomerUser(data);
      reset(formValues(data));
      setStatus({ ok: true, message: t("account.saved") });
    } catch (error) {
      const onFields =
        error instanceof ApiError && applyServerErrors(error.errors, setError, FIELDS);
      if (!onFields) setStatus({ ok: false, message: t("account.saveFailed") });
    }
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2"
      data-testid="account-form"
    >
      <Field
        label={t("account.username")}
        autoComplete="username"
        error={errors.username}
        {...register("username")}
      />
      <Field
        label={t("account.name")}
        autoComplete="name"
        required
        error={errors.name}
        {...register("name")}
      />
      <Field
        label={t("account.company")}
        autoComplete="organization"
        error={errors.company}
        {...register("company")}
      />
      <Field
        label={t("account.email")}
        type="email"
        autoComplete="email"
        required
        error={errors.email}
        {...register("email")}
      />
      {emailChanging ? (
        <div className="sm:col-span-2">
          <Field
            label={t("account.currentPassword")}
            type="password"
            autoComplete="current-password"
            required
            hint={t("account.currentPasswordHint")}
            error={errors.current_password}
            {...register("current_password")}
          />
        </div>
      ) : null}
      <Field
        label={t("account.phone")}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        error={errors.phone}
        {...register("phone")}
      />
      <Field
        as="select"
        label={t("account.country")}
        placeholder={t("account.countryNone")}
        options={ACCOUNT_COUNTRIES.map((code) => ({ value: code, label: countryName(code, lang) }))}
        error={errors.country}
        {...register("country")}
      />
      <div className="sm:col-span-2">
        <Field
          label={t("account.location")}
          autoComplete="street-address"
          error={errors.location}
          {...register("location")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("account.saving") : t("account.save")}
        </button>
        <p
          role="status"
          className={`font-semibold ${status?.ok ? "text-pistachio" : "text-red-700"}`}
        >
          {status?.message ?? ""}
        </p>
      </div>
    </form>
  );
}
