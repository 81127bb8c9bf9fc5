import { useState } from "react";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import type { ApiAuth } from "../../lib/api.ts";
import { downloadDocument } from "./download-document.ts";

/**
 * An order's invoice and credit notes as download buttons: the customer's order page (with
 * its key or the account's token) and the back office's order screen (the admin's token).
 * Before the invoice is issued, a line says when it will be. The back office also passes the
 * commercial invoice for customs of an order shipped abroad (drawn on demand, so always there).
 */
export function OrderDocuments({
  order,
  auth,
  accessKey = null,
  commercialInvoice = null,
}: {
  order: Pick<OrderDto, "invoice" | "credit_notes">;
  auth: ApiAuth;
  accessKey?: string | null;
  commercialInvoice?: { url: string; fileName: string } | null;
}) {
  const { t } = useTranslation("invoices");
  const [failed, setFailed] = useState(false);
  const download = (url: string, number: string) => {
    setFailed(false);
    downloadDocument(url, number, { auth, accessKey, fallback: t("failed") }).catch(() =>
      setFailed(true),
    );
  };
  return (
    <section className="mt-6 rounded-xl border border-line bg-white p-4" data-testid="documents">
      <h2 className="font-bold text-brown">{t("documents")}</h2>
      {order.invoice ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            data-testid="invoice-download"
            onClick={() => download(order.invoice!.url, order.invoice!.number)}
          >
            {t("download", { number: order.invoice.number })}
          </button>
          {order.credit_notes.map((note) => (
            <button
              key={note.number}
              type="button"
              className="btn btn-outline"
              data-testid="credit-note-download"
              onClick={() => download(note.url, note.number)}
            >
              {t("creditNote", { number: note.number })}
            </button>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("none")}</p>
      )}
      {commercialInvoice ? (
        <div className="mt-2">
          <button
            type="button"
            className="btn btn-outline"
            data-testid="commercial-invoice-download"
            onClick={() => download(commercialInvoice.url, commercialInvoice.fileName)}
          >
            {t("commercialDownload")}
          </button>
        </div>
      ) : null}
      {failed ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {t("failed")}
        </p>
      ) : null}
    </section>
  );
}
