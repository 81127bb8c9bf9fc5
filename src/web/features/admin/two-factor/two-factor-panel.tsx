import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { renderSVG } from "uqr";
import { TWO_FACTOR_MESSAGES } from "../../../../shared/domain/two-factor-messages.ts";
import {
  type TwoFactorDisableInput,
  type TwoFactorEnableInput,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
} from "../../../../shared/schemas/two-factor.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import {
  TWO_FACTOR_FALLBACKS,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorPolicy,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from "./api.ts";

registerMessages(
  { ...TWO_FACTOR_MESSAGES, ...TWO_FACTOR_FALLBACKS },
  (id) => `admin-two-factor:errors.${id}`,
);

/** The key in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** The code field of the form kit: digits on a phone's keypad, filled from a text message. */
const codeInputProps = {
  inputMode: "numeric",
  autoComplete: "one-time-code",
  dir: "ltr",
  maxLength: 32,
} as const;

type Props = {
  /** The owner also sees "require it for every admin". */
  isOwner: boolean;
  /** The shop requires it and this admin has not set it up: said at the top. */
  setupRequired?: boolean;
  /** After the recovery codes were saved (the back office opens again when it was required). */
  onDone?: () => void;
};

/**
 * The signed-in admin's two-factor sign-in. Off: "turn on" shows a QR code (drawn
 * here with the kitchen menu's QR library) and the key for typing, and a code from the app
 * turns it on; the ten recovery codes are then shown once, to copy or download. On: the
 * password and a current code turn it off. The owner's switch requires it for every admin.
 */
export function TwoFactorPanel({ isOwner, setupRequired = false, onDone }: Props) {
  const { t } = useTranslation(["admin-two-factor", "messages"]);
  const status = useTwoFactorStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const enabled = status.data?.data.enabled ?? false;

  return (
    <section
      aria-labelledby="two-factor-title"
      className="flex max-w-2xl flex-col gap-4"
      data-testid="two-factor-panel"
    >
      <h2 id="two-factor-title" className="text-2xl font-bold">
        {t("title")}
      </h2>
      {setupRequired && !enabled ? (
        <p role="alert" className="rounded-md bg-gold/20 p-3 font-semibold">
          {t("requiredBanner")}
        </p>
      ) : null}
      <p>{t("intro")}</p>
      {status.isPending ? (
        <p role="status">{t("messages:ui.loading")}</p>
      ) : status.error ? (
        <div className="flex flex-col items-start gap-2">
          <ErrorList messages={[status.error.message]} />
          <button type="button" className="btn btn-outline" onClick={() => void status.refetch()}>
            {t("messages:ui.retry")}
          </button>
        </div>
      ) : codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            onDone?.();
          }}
        />
      ) : (
        <>
          <p data-testid="two-factor-status">
            {t("status", { status: enabled ? t("statusOn") : t("statusOff") })}
          </p>
          {enabled ? <DisableForm /> : <SetUp onEnabled={setCodes} />}
        </>
      )}
      {isOwner && status.data ? (
        <PolicySwitch required={status.data.data.required} enabled={enabled} />
      ) : null}
    </section>
  );
}

function SetUp({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation(["admin-two-factor", "messages"]);
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    defaultValues: { code: "" },
  });
  const keyId = useId();
  const data = setup.data?.data;

  if (!data)
    return (
      <div className="flex flex-col items-start gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {t("turnOn")}
        </button>
        {setup.error ? <ErrorList messages={[setup.error.message]} /> : null}
      </div>
    );

  const svg = renderSVG(data.otpauth_url, { ecc: "M", border: 2, pixelSize: 6 });
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const { data: result } = await enable.mutateAsync(values);
      onEnabled(result.recovery_codes);
    } catch (error) {
      setBanner(
        setServerErrors(error, form.setError, ["code"], TWO_FACTOR_FALLBACKS.ENABLE_FAILED),
      );
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-3 ps-6">
        <li>
          <p>{t("scan")}</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={t("qrAlt")}
            width={200}
            height={200}
            className="mt-2 rounded-md border border-line bg-white"
            data-testid="two-factor-qr"
          />
          <p className="mt-2" id={keyId}>
            {t("manual")}
          </p>
          <code
            dir="ltr"
            aria-describedby={keyId}
            className="mt-1 inline-block rounded bg-line/50 px-2 py-1 font-mono text-lg break-all select-all"
            data-testid="two-factor-secret"
          >
            {grouped(data.secret)}
          </code>
        </li>
        <li>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-3"
            data-testid="two-factor-enable-form"
          >
            <Field
              label={t("confirmCode")}
              hint={t("confirmHint")}
              required
              error={form.formState.errors.code}
              {...codeInputProps}
              {...form.register("code")}
            />
            <ErrorList messages={[banner]} />
            <div>
              <SubmitButton pending={enable.isPending} pendingLabel={t("checking")}>
                {t("confirm")}
              </SubmitButton>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The ten codes, shown once: copy them or download them as a text file. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("admin-two-factor");
  const toast = useToasts();
  const all = `${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([all], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later, like apiDownload's: some browsers read the address after click().
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="two-factor-recovery-codes">
      <p role="status" className="font-semibold text-green-800">
        {t("enabled")}
      </p>
      <h3 className="text-xl font-bold">{t("codesTitle")}</h3>
      <p>{t("codesIntro")}</p>
      <ul
        dir="ltr"
        className="grid grid-cols-2 gap-2 font-mono text-lg"
        aria-label={t("codesTitle")}
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-line/50 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(all)
              .then(() => toast.success(t("copied")))
              .catch(() => undefined)
          }
        >
          {t("copy")}
        </button>
        <button type="button" className="btn btn-outline" onClick={download}>
          {t("download")}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("done")}
        </button>
      </div>
    </div>
  );
}

function DisableForm() {
  const { t } = useTranslation(["admin-two-factor", "messages"]);
  const toast = useToasts();
  const disable = useTwoFactorDisable();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: { password: "", code: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await disable.mutateAsync(values);
      form.reset();
      toast.success(t("disabled"));
    } catch (error) {
      setBanner(
        setServerErrors(
          error,
          form.setError,
          ["password", "code"],
          TWO_FACTOR_FALLBACKS.DISABLE_FAILED,
        ),
      );
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 rounded-md border border-line p-4"
      data-testid="two-factor-disable-form"
    >
      <h3 className="text-lg font-bold">{t("turnOff")}</h3>
      <p className="text-sm text-muted">{t("turnOffIntro")}</p>
      <Field
        label={t("password")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        {...form.register("password")}
      />
      <Field
        label={t("code")}
        required
        error={errors.code}
        {...codeInputProps}
        inputMode="text"
        {...form.register("code")}
      />
      <ErrorList messages={[banner]} />
      <div>
        <SubmitButton pending={disable.isPending} className="btn btn-outline">
          {t("turnOffButton")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The owner's rule: every admin signs in with a code (set up right after the password). */
function PolicySwitch({ required, enabled }: { required: boolean; enabled: boolean }) {
  const { t } = useTranslation("admin-two-factor");
  const toast = useToasts();
  const policy = useTwoFactorPolicy();
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4" data-testid="two-factor-policy">
      <h3 className="text-lg font-bold">{t("policy.title")}</h3>
      <Field
        as="checkbox"
        label={t("policy.label")}
        hint={enabled ? t("policy.hint") : t("policy.hintFirst")}
        checked={required}
        disabled={policy.isPending || (!enabled && !required)}
        onChange={(event) =>
          policy.mutate(event.currentTarget.checked, {
            onSuccess: () => toast.success(t("policy.saved")),
          })
        }
      />
      {policy.error ? <ErrorList messages={[policy.error.message]} /> : null}
    </div>
  );
}
