import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "../../../../shared/domain/webhooks.ts";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookUpdateInput,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "../../../../shared/schemas/webhooks.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RowActions } from "../../../components/admin/row-actions.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRetryDelivery,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from "./api/webhooks.ts";

/** The section's own failure texts, translated with the webhook rules in its namespace. */
const WEBHOOKS_FALLBACKS = {
  LOAD_FAILED: "Failed to load webhooks",
  DELIVERIES_FAILED: "Failed to load deliveries",
  SAVE_FAILED: "Failed to save the endpoint",
  DELETE_FAILED: "Failed to delete the endpoint",
  RETRY_FAILED: "Failed to send it again",
};
registerMessages(
  { ...WEBHOOK_MESSAGES, ...WEBHOOKS_FALLBACKS },
  (id) => `admin-webhooks:errors.${id}`,
);

/** Text keys cannot hold dots (they are paths): `order.created` is `order_created`. */
const keyOf = (event: string) => event.replaceAll(".", "_");

/** A fresh signing secret, made in the browser: the owner copies it before saving. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const STATUS_TONE = {
  pending: "bg-yellow-100 text-yellow-900",
  succeeded: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
} as const;

function StatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  const { t } = useTranslation("admin-webhooks");
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${STATUS_TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/**
 * The owner's webhook endpoints (add, edit, delete) and, per endpoint, its
 * deliveries with their status, the receiver's answer and "Send again".
 */
export function WebhooksSection() {
  const { t } = useTranslation(["admin-webhooks", "admin"]);
  const text = useMessageText();
  const list = useWebhooks();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [watching, setWatching] = useState<WebhookEndpoint | null>(null);

  const columns: Column<WebhookEndpoint>[] = [
    {
      key: "url",
      header: t("url"),
      cell: (e) => (
        <bdi dir="ltr" className="break-all">
          {e.url}
        </bdi>
      ),
    },
    {
      key: "events",
      header: t("events"),
      cell: (e) => e.events.map((event) => t(`event.${keyOf(event)}`)).join(t("listSeparator")),
    },
    {
      key: "last",
      header: t("lastDelivery"),
      cell: (e) =>
        e.last_delivery ? (
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={e.last_delivery.status} />
            {e.last_delivery.response_status !== null ? (
              <span dir="ltr">{e.last_delivery.response_status}</span>
            ) : null}
          </span>
        ) : (
          <span className="text-muted">{t("none")}</span>
        ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      cell: (e) => (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline" onClick={() => setWatching(e)}>
            {t("deliveries")}
            <span className="sr-only"> {e.url}</span>
          </button>
          <RowActions
            editLabel={t("editNamed", { url: e.url })}
            deleteLabel={t("deleteNamed", { url: e.url })}
            onEdit={() => setEditing(e)}
            onDelete={() => {
              remove.reset();
              setRemoving(e);
            }}
          />
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-4">
      <h2 id="webhooks-title" className="text-2xl font-bold">
        {t("title")}
      </h2>
      <p className="max-w-3xl text-muted">{t("intro")}</p>
      <DataTable
        caption={t("title")}
        columns={columns}
        rows={list.data?.data}
        rowKey={(e) => e.id}
        loading={list.isPending}
        error={list.error ? text(list.error.message) : null}
        onRetry={() => void list.refetch()}
        emptyText={t("empty")}
        testId="webhooks-table"
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
            {t("add")}
          </button>
        }
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? t("addTitle") : t("editTitle")}
        testId="webhook-dialog"
      >
        {editing ? (
          <EndpointForm
            endpoint={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={watching !== null}
        onOpenChange={(open) => !open && setWatching(null)}
        title={t("deliveriesTitle")}
        description={watching?.url}
        size="lg"
        testId="webhook-deliveries-dialog"
      >
        {watching ? <Deliveries endpoint={watching} /> : null}
      </Dialog>
      <DeleteDialog
        target={removing}
        onClose={() => setRemoving(null)}
        title={t("deleteTitle")}
        description={t("deleteText", { url: removing?.url ?? "" })}
        confirmLabel={t("delete")}
        mutation={remove}
        doneText={() => t("deleted")}
      />
    </section>
  );
}

const FIELDS = ["url", "secret", "events"] as const;

function EndpointForm({
  endpoint,
  onDone,
}: {
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(["admin-webhooks", "admin", "messages"]);
  const text = useMessageText();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useForm<WebhookUpdateInput>({
    // Adding needs a secret; editing keeps the stored one when the field is left empty.
    resolver: zodResolver(endpoint ? webhookUpdateSchema : webhookCreateSchema),
    defaultValues: endpoint
      ? { url: endpoint.url, secret: "", events: endpoint.events as WebhookUpdateInput["events"] }
      : { url: "", secret: newSecret(), events: ["order.created"] },
  });
  const { errors } = form.formState;
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    save: (values) =>
      endpoint
        ? update.mutateAsync({ id: endpoint.id, ...values })
        : create.mutateAsync({ ...values, secret: values.secret ?? "" }),
    doneText: t("saved"),
    failText: WEBHOOKS_FALLBACKS.SAVE_FAILED,
    onDone,
  });
  const eventsError = errors.events?.message ?? errors.events?.[0]?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        label={t("url")}
        type="url"
        dir="ltr"
        autoComplete="off"
        placeholder="https://example.com/hooks/shop"
        required
        error={errors.url}
        {...form.register("url")}
      />
      <Field
        label={t("secret")}
        dir="ltr"
        autoComplete="off"
        required={!endpoint}
        hint={endpoint ? t("secretKeep", { hint: endpoint.secret_hint }) : t("secretHint")}
        error={errors.secret}
        {...form.register("secret")}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby="webhook-events-hint"
        aria-invalid={eventsError ? true : undefined}
      >
        <legend className="font-semibold">{t("events")}</legend>
        <p id="webhook-events-hint" className="text-sm text-muted">
          {t("eventsHint")}
        </p>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-1 size-5 accent-gold-dark"
              value={event}
              {...form.register("events")}
            />
            <span>
              <span className="font-semibold">{t(`event.${keyOf(event)}`)}</span>{" "}
              <code dir="ltr" className="text-sm text-muted">
                {event}
              </code>
              <span className="block text-sm text-muted">{t(`eventHint.${keyOf(event)}`)}</span>
            </span>
          </label>
        ))}
        {eventsError ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {text(eventsError)}
          </p>
        ) : null}
      </fieldset>
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={create.isPending || update.isPending}
      />
    </form>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation(["admin-webhooks", "admin"]);
  const lang = i18n.language === "ar" ? "ar" : "en";
  const text = useMessageText();
  const toast = useToasts();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const retry = useRetryDelivery();
  const meta = deliveries.data?.meta;

  const columns: Column<WebhookDelivery>[] = [
    {
      key: "event",
      header: t("event.label"),
      cell: (d) => (
        <span>
          {t(`event.${keyOf(d.type)}`)}{" "}
          <code dir="ltr" className="block text-xs text-muted">
            {d.event_id}
          </code>
        </span>
      ),
    },
    { key: "created", header: t("created"), cell: (d) => formatDateTime(d.created_at, lang) },
    {
      key: "status",
      header: t("statusLabel"),
      cell: (d) => (
        <span className="flex flex-col gap-1" data-testid="delivery-status">
          <StatusBadge status={d.status} />
          {d.status === "pending" && d.attempts > 0 && d.next_attempt_at ? (
            <span className="text-xs text-muted">
              {t("nextTry", { at: formatDateTime(d.next_attempt_at, lang) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "answer",
      header: t("answer"),
      numeric: true,
      cell: (d) => d.response_status ?? (d.last_error ? <span title={d.last_error}>—</span> : "—"),
    },
    { key: "attempts", header: t("attempts"), numeric: true, cell: (d) => d.attempts },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      cell: (d) => (
        <button
          type="button"
          className="btn btn-outline"
          disabled={retry.isPending && retry.variables === d.id}
          onClick={async () => {
            try {
              await retry.mutateAsync(d.id);
              toast.success(t("queued"));
              void deliveries.refetch();
            } catch (error) {
              toast.error(
                text(error instanceof ApiError ? error.message : WEBHOOKS_FALLBACKS.RETRY_FAILED),
              );
            }
          }}
        >
          {t("sendAgain")}
        </button>
      ),
    },
  ];

  return (
    <DataTable
      caption={t("deliveriesTitle")}
      columns={columns}
      rows={deliveries.data?.data}
      rowKey={(d) => d.id}
      loading={deliveries.isPending}
      error={deliveries.error ? text(deliveries.error.message) : null}
      onRetry={() => void deliveries.refetch()}
      emptyText={t("noDeliveries")}
      testId="webhook-deliveries"
      paging={
        meta && meta.last_page > 1
          ? {
              page: meta.page,
              lastPage: meta.last_page,
              onPageChange: setPage,
              perPage: meta.per_page,
              perPageOptions: [10],
              onPerPageChange: () => {},
              total: meta.total,
            }
          : undefined
      }
    />
  );
}
