import { useState } from "react";
import { Link } from "react-router";
import type { AccountDeletionCheck } from "../../../shared/schemas/account-privacy.ts";
import { Field } from "../../components/form/field.tsx";
import { useMessageText } from "../../components/form/messages.ts";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { usePaths } from "../../lib/paths.ts";
import { deleteMyAccount, deletionCheck, downloadMyData } from "./privacy-api.ts";

/**
 * Privacy: "Download my data" saves everything the shop holds about the
 * customer as JSON; "Delete my account" asks for the password in the one confirm dialog, then
 * erases the account (its orders stay, anonymised, for the shop's books). While an order is
 * open (not yet delivered, or cancelled and not yet refunded) the server refuses; the dialog
 * asks first and names those orders instead of the password field, so she knows before she
 * confirms.
 */
export function PrivacySection({ token, onDeleted }: { token: string; onDeleted: () => void }) {
  const { t } = useTranslation("account");
  const text = useMessageText();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  /** null while asking; a failed check lets her try, and the server still refuses (409). */
  const [check, setCheck] = useState<AccountDeletionCheck | "checking" | null>(null);
  const paths = usePaths();

  const askCheck = async () => {
    setCheck("checking");
    try {
      setCheck(await deletionCheck(token, t("privacy.deleteFailed")));
    } catch {
      setCheck(null);
    }
  };
  const openOrders = check !== null && check !== "checking" ? check.open_orders : [];

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData(token, t("privacy.downloadFailed"));
    } catch {
      setDownloadError(t("privacy.downloadFailed"));
    } finally {
      setDownloading(false);
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteMyAccount(token, password, t("privacy.deleteFailed"));
      setOpen(false);
      onDeleted();
    } catch (error) {
      // An order opened since the dialog asked: name it the same way.
      if (error instanceof ApiError && error.status === 409) {
        await askCheck();
        return;
      }
      setDeleteError(
        error instanceof ApiError
          ? text(error.fieldError("password") ?? error.message)
          : t("privacy.deleteFailed"),
      );
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="mt-10 max-w-2xl border-t border-line pt-6" aria-labelledby="privacy-title">
      <h2 id="privacy-title" className="text-xl font-bold text-brown">
        {t("privacy.title")}
      </h2>
      <p className="mt-2 text-muted">{t("privacy.intro")}</p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button
          type="button"
          className="btn btn-outline"
          disabled={downloading}
          aria-busy={downloading || undefined}
          onClick={() => void download()}
        >
          {downloading ? t("privacy.downloading") : t("privacy.download")}
        </button>
        <button
          type="button"
          className="btn bg-red-700 text-white hover:bg-red-800"
          onClick={() => {
            setPassword("");
            setDeleteError(null);
            setOpen(true);
            void askCheck();
          }}
        >
          {t("privacy.delete")}
        </button>
      </div>
      <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
        {downloadError ?? ""}
      </p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("privacy.confirmTitle")}
        description={t("privacy.confirmText")}
        confirmLabel={t("privacy.confirm")}
        cancelLabel={t("privacy.keep")}
        pending={deleting}
        confirmDisabled={check === "checking" || openOrders.length > 0}
        error={deleteError}
        onConfirm={confirmDelete}
      >
        {check === "checking" ? (
          <p className="text-sm text-muted">{t("privacy.checking")}</p>
        ) : openOrders.length > 0 ? (
          <div data-testid="open-orders" className="rounded-lg bg-amber-50 p-3 text-sm">
            <p className="font-semibold">{t("privacy.openOrders")}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4">
              {openOrders.map((o) => (
                <li key={o.number}>
                  <Link to={paths.order(o.number)} className="underline" dir="ltr">
                    {o.number}
                  </Link>
                </li>
              ))}
            </ul>
            <p className="mt-2">{t("privacy.openOrdersWhy")}</p>
            <p className="mt-2">{t("privacy.openOrdersHow")}</p>
            <p className="mt-2">
              <Link to={paths.contact()} className="font-semibold underline">
                {t("privacy.contact")}
              </Link>
            </p>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void confirmDelete();
            }}
          >
            <Field
              label={t("privacy.password")}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              invalid={Boolean(deleteError)}
            />
          </form>
        )}
      </ConfirmDialog>
    </section>
  );
}
