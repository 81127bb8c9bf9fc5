import { useId } from "react";
import type { Lang } from "../../../shared/domain/money.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { type CheckoutContactBody, useRecordCheckoutContact } from "./record-checkout-contact.ts";

/**
 * The abandoned-checkout consent box, shown only when the owner turned reminders on. Ticked
 * with a whole address, the address and cart are recorded for the one reminder; unticked,
 * nothing is sent (the server also refuses a record without consent).
 */
export function ReminderConsent({
  checked,
  onChange,
  email,
  lines,
  lang,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The e-mail field's settled value (read on blur). */
  email: string;
  lines: CheckoutContactBody["lines"];
  lang: Lang;
}) {
  const { t } = useTranslation("checkout");
  const hintId = useId();
  useRecordCheckoutContact({ consent: checked, email, lines, lang });
  return (
    <div>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="mt-1.5"
          name="reminder_consent"
          checked={checked}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t("reminder.consent")}</span>
      </label>
      <p id={hintId} className="ms-7 text-sm text-muted">
        {t("reminder.consentHint")}
      </p>
    </div>
  );
}
