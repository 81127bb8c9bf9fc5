import { useState } from "react";
import { useForm } from "react-hook-form";
import { TWO_FACTOR_MESSAGES } from "../../../shared/domain/two-factor-messages.ts";
import type { LoginResponse } from "../../../shared/schemas/auth.ts";
import { ErrorList } from "../../components/form/error-list.tsx";
import { Field } from "../../components/form/field.tsx";
import { registerMessages } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { setServerErrors } from "../../components/form/server-errors.ts";
import { SubmitButton } from "../../components/form/submit-button.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { adminLoginCode, loginCode } from "./auth-api.ts";

const resolver = schemaResolver(
  () => import("../../../shared/schemas/two-factor.ts"),
  "twoFactorEnableSchema",
);

const SIGN_IN_FAILED = "Failed to sign in";
registerMessages(
  { ...TWO_FACTOR_MESSAGES, SIGN_IN_FAILED },
  (id) => `admin-two-factor:errors.${id}`,
);

type Props = {
  /** Which sign-in this follows: the back office's (an admin token) or the shop's. */
  kind?: "admin" | "customer";
  /** From the password step's `{ two_factor_required, challenge }`. */
  challenge: string;
  onSignedIn: (response: LoginResponse) => void;
  /** The challenge ended (expired, used, too many wrong codes): the password again, with why. */
  onRestart: (message: string) => void;
};

/**
 * The second step of a sign-in with two-factor on (the back office's, and the shop's for the
 * same account). A code from the authenticator app (digits, the
 * phone's one-time-code autofill) or, behind "use a recovery code", one of the ten codes.
 */
export function TwoFactorStep({ kind = "admin", challenge, onSignedIn, onRestart }: Props) {
  const { t } = useTranslation("admin-two-factor");
  const [recovery, setRecovery] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBanner(null);
    try {
      const send = kind === "admin" ? adminLoginCode : loginCode;
      onSignedIn(await send({ challenge, code }, SIGN_IN_FAILED));
    } catch (error) {
      if (error instanceof ApiError && error.errors.challenge?.[0]) {
        onRestart(error.errors.challenge[0]);
        return;
      }
      // Too many wrong codes on the account: its open sign-ins ended; the password again.
      if (error instanceof ApiError && error.status === 429) {
        onRestart(error.message);
        return;
      }
      setBanner(setServerErrors(error, form.setError, ["code"], SIGN_IN_FAILED));
      throw error; // keeps isSubmitSuccessful false
    }
  });

  const toggle = () => {
    setRecovery((on) => !on);
    form.reset({ code: "" });
    setBanner(null);
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event).catch(() => undefined)}
      className="flex flex-col gap-4"
      data-testid={`${kind}-two-factor-form`}
    >
      <h2 className="text-xl font-bold text-brown">{t("step.title")}</h2>
      <p className="text-muted">{recovery ? t("step.introRecovery") : t("step.intro")}</p>
      {recovery ? (
        <Field
          key="recovery"
          label={t("step.recoveryCode")}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          required
          error={errors.code}
          {...form.register("code")}
        />
      ) : (
        <Field
          key="totp"
          label={t("step.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={32}
          required
          autoFocus
          error={errors.code}
          {...form.register("code")}
        />
      )}
      <ErrorList messages={[banner]} />
      <SubmitButton
        pending={isSubmitting}
        pendingLabel={t("step.submitting")}
        disabled={isSubmitSuccessful}
      >
        {t("step.submit")}
      </SubmitButton>
      <button
        type="button"
        className="self-start text-sm text-gold-dark underline"
        onClick={toggle}
      >
        {recovery ? t("step.useApp") : t("step.useRecovery")}
      </button>
    </form>
  );
}
