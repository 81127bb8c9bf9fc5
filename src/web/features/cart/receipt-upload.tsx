import { useEffect, useId, useState } from "react";
import { formatDateTime } from "../../../shared/domain/date-format.ts";
import { MAX_RECEIPTS_PER_ORDER, RECEIPT_MESSAGES } from "../../../shared/domain/receipts.ts";
import type { ReceiptDto } from "../../../shared/schemas/receipt.ts";
import { Field } from "../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../components/form/messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { useLang } from "../../lib/bilingual.ts";
import { readCustomerToken } from "./customer-session.ts";
import { loadReceipts, uploadReceipt } from "./upload-receipt.ts";

// The server's refusals, translated in `messages` (the order page's route loads it).
registerMessages(RECEIPT_MESSAGES, (id) => `receipt.${id}`);

/** What the file picker offers; the server checks the content whatever the name says. */
const ACCEPT = "image/jpeg,image/png,image/webp,application/pdf";

/**
 * A bank-transfer order's customer sends the transfer receipt from the private
 * order page; the owner sees it on the order and on the bell.
 */
export function ReceiptUpload({ number, accessKey }: { number: string; accessKey: string | null }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const text = useMessageText();
  const statusId = useId();
  const [receipts, setReceipts] = useState<ReceiptDto[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadReceipts(number, accessKey, readCustomerToken(), controller.signal).then(setReceipts, () =>
      setReceipts([]),
    );
    return () => controller.abort();
  }, [number, accessKey]);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setSent(false);
    if (!file) {
      setError(t("receipt.choose"));
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const receipt = await uploadReceipt(
        number,
        accessKey,
        readCustomerToken(),
        file,
        setProgress,
      );
      setReceipts((list) => [...(list ?? []), receipt]);
      setFile(null);
      setSent(true);
      (event.target as HTMLFormElement).reset();
    } catch (failure) {
      setError(failure instanceof ApiError ? text(failure.message) : t("receipt.failed"));
    } finally {
      setProgress(null);
    }
  }

  const full = (receipts?.length ?? 0) >= MAX_RECEIPTS_PER_ORDER;
  const sentBefore = Array.isArray(receipts) ? receipts : [];
  return (
    <section className="mt-6 rounded-lg border border-line bg-white p-4" aria-labelledby={statusId}>
      <h2 id={statusId} className="text-lg font-bold text-brown">
        {t("receipt.title")}
      </h2>
      <p className="text-sm text-muted">{t("receipt.hint")}</p>
      {sentBefore.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm" data-testid="receipts">
          {sentBefore.map((receipt) => (
            <li key={receipt.id}>
              {t(receipt.content_type === "application/pdf" ? "receipt.pdf" : "receipt.photo")}
              {" · "}
              {formatDateTime(receipt.created_at, lang)}
            </li>
          ))}
        </ul>
      ) : null}
      {full ? null : (
        <form className="mt-3 flex flex-col gap-3" onSubmit={send} noValidate>
          <Field
            as="file"
            name="file"
            accept={ACCEPT}
            label={t("receipt.file")}
            hint={t("receipt.fileHint")}
            error={error ? { message: error } : undefined}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <div className="flex items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={progress !== null}>
              {progress === null ? t("receipt.send") : t("receipt.sending")}
            </button>
            {progress !== null ? (
              <progress max={1} value={progress} aria-label={t("receipt.sending")} />
            ) : null}
          </div>
        </form>
      )}
      <p role="status" className="mt-2 text-sm text-green-800">
        {sent ? t("receipt.sent") : ""}
      </p>
    </section>
  );
}
