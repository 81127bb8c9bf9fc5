import { useState } from "react";
import type { ProductsImportResult } from "../../../../shared/schemas/products-import.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { reportOf, useImportProducts } from "./api/import-products.ts";

/** Rows shown in a report's table; a 5,000-row file says how many more there are. */
const SHOWN = 200;

type ErrorRow = ProductsImportResult["errors"][number];
type ActionRow = ProductsImportResult["rows"][number];

/**
 * Import products from CSV. Choose the file, "Check file" (a dry run: the counts and
 * every error by row and column, or what each row would do), then "Import" applies it, all
 * rows or none. The report's sentences come from the server in the admin's language.
 */
export function ImportProductsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["admin-products", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const run = useImportProducts();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductsImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missingFile, setMissingFile] = useState(false);

  const reset = () => {
    setReport(null);
    setFailure(null);
    setMissingFile(false);
  };
  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      reset();
      run.reset();
    }
    onOpenChange(next);
  };

  const send = (dryRun: boolean) => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    setFailure(null);
    run.mutate(
      { file, dryRun },
      {
        onSuccess: ({ data }) => {
          if (dryRun) {
            setReport(data);
            return;
          }
          toast.success(
            t("import.done", {
              created: data.created,
              updated: data.updated,
              unchanged: data.unchanged,
            }),
          );
          close(false);
        },
        onError: (error) => {
          const found = reportOf(error);
          if (found) setReport(found);
          setFailure(text((error as Error).message));
        },
      },
    );
  };

  const errorColumns: Column<ErrorRow>[] = [
    { key: "row", header: t("import.row"), numeric: true, cell: (e) => e.row },
    {
      key: "column",
      header: t("import.column"),
      cell: (e) => (
        <code dir="ltr" className="text-sm">
          {e.column || "—"}
        </code>
      ),
    },
    {
      key: "message",
      header: t("import.message"),
      cell: (e) => <span dir="auto">{e.message}</span>,
    },
  ];
  const actionColumns: Column<ActionRow>[] = [
    { key: "row", header: t("import.row"), numeric: true, cell: (r) => r.row },
    {
      key: "sku",
      header: t("sku"),
      cell: (r) => (
        <code dir="ltr" className="text-sm">
          {r.sku}
        </code>
      ),
    },
    { key: "action", header: t("import.action"), cell: (r) => t(`import.actions.${r.action}`) },
  ];

  const errors = report?.errors ?? [];
  const listed = errors.length > 0 ? errors : (report?.rows ?? []);
  const ready = Boolean(report?.dry_run) && errors.length === 0;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t("import.title")}
      description={t("import.description")}
      size="lg"
      testId="import-products-dialog"
    >
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(true);
        }}
      >
        <Field
          as="file"
          name="file"
          accept=".csv,text/csv"
          label={t("import.file")}
          hint={t("import.fileHint")}
          error={missingFile ? { message: t("import.fileRequired") } : undefined}
          onChange={(event) => {
            setFile((event.target as HTMLInputElement).files?.[0] ?? null);
            reset();
          }}
        />
        <ErrorList messages={[failure]} />

        {report ? (
          <section className="flex flex-col gap-3" aria-live="polite" data-testid="import-report">
            <p className="font-semibold" data-testid="import-summary">
              {t("import.summary", {
                created: report.created,
                updated: report.updated,
                unchanged: report.unchanged,
              })}
            </p>
            {errors.length > 0 ? (
              <p className="font-semibold text-red-800" data-testid="import-error-count">
                {t("import.errorCount", { count: errors.length })}
              </p>
            ) : null}
            {errors.length > 0 ? (
              <DataTable
                caption={t("import.errorsTitle")}
                columns={errorColumns}
                rows={errors.slice(0, SHOWN)}
                rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
                loading={false}
                emptyText=""
                testId="import-errors"
              />
            ) : (
              <DataTable
                caption={t("import.rowsTitle")}
                columns={actionColumns}
                rows={(report.rows ?? []).slice(0, SHOWN)}
                rowKey={(r) => r.row}
                loading={false}
                emptyText=""
                testId="import-rows"
              />
            )}
            {listed.length > SHOWN ? (
              <p className="text-sm text-muted">
                {t("import.more", { count: listed.length - SHOWN })}
              </p>
            ) : null}
          </section>
        ) : null}

        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn btn-outline" onClick={() => close(false)}>
            {t("import.cancel")}
          </button>
          <button
            type="submit"
            className={ready ? "btn btn-outline" : "btn btn-primary"}
            disabled={run.isPending}
            data-testid="import-check"
          >
            {run.isPending && run.variables?.dryRun ? t("import.checking") : t("import.check")}
          </button>
          {ready ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={run.isPending}
              onClick={() => send(false)}
              data-testid="import-apply"
            >
              {run.isPending && !run.variables?.dryRun ? t("import.applying") : t("import.apply")}
            </button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
