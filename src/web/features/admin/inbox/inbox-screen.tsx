import { useState } from "react";
import { useSearchParams } from "react-router";
import { countryName } from "../../../../shared/domain/countries.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import type { Lang } from "../../../../shared/domain/money.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import {
  type ContactMessageDto,
  INBOX_STATUSES,
  type InboxStatus,
  type SubscriberDto,
  type TraderEnquiryDto,
} from "../../../../shared/schemas/inbox.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDeleteSubscriber } from "./api/delete-subscriber.ts";
import { useExportInboxCsv } from "./api/export-csv.ts";
import { useInboxCounts } from "./api/inbox-counts.ts";
import { type InboxList, type InboxListQuery, useInboxList } from "./api/list-inbox.ts";
import { useUpdateInboxItem } from "./api/update-inbox-item.ts";
import { type InboxItem, InboxItemDialog } from "./inbox-item-dialog.tsx";

const TABS: readonly InboxList[] = ["messages", "enquiries", "subscribers"];
const FIRST_PAGE: InboxListQuery = { q: "", status: "", page: 1, per_page: 20 };
const when = (iso: string, lang: Lang) => <bdi dir="ltr">{formatDateTime(iso, lang)}</bdi>;

/** The owner's inbox: contact messages, trader enquiries and subscribers. */
export function InboxScreen() {
  const { t } = useTranslation(["admin-inbox", "admin", "messages"]);
  const [params, setParams] = useSearchParams();
  const tab: InboxList = TABS.find((name) => name === params.get("tab")) ?? "messages";
  const counts = useInboxCounts();
  const count = (name: InboxList) =>
    counts.data?.[
      name === "messages"
        ? "contact_messages"
        : name === "enquiries"
          ? "trader_enquiries"
          : "subscribers"
    ];

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
      <div role="tablist" aria-label={t("title")} className="flex flex-wrap gap-2">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`inbox-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="inbox-panel"
            className={`btn ${tab === name ? "btn-primary" : "btn-outline"}`}
            onClick={() => setParams({ tab: name }, { replace: true })}
          >
            {t(`tabs.${name}`)}{" "}
            {count(name) ? (
              <span className="ms-1 rounded-full bg-white/80 px-2 text-sm text-brown" dir="ltr">
                {count(name)}
                <span className="sr-only"> {t(name === "subscribers" ? "total" : "unread")}</span>
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="inbox-panel" aria-labelledby={`inbox-tab-${tab}`}>
        {/* Keyed by tab: each list keeps its own search and page. */}
        <InboxTable key={tab} list={tab} />
      </div>
    </section>
  );
}

function InboxTable({ list }: { list: InboxList }) {
  const { t, i18n } = useTranslation(["admin-inbox", "admin", "messages"]);
  const lang = i18n.language === "ar" ? "ar" : "en";
  const text = useMessageText();
  const toast = useToasts();
  const [query, setQuery] = useState<InboxListQuery>(FIRST_PAGE);
  const rows = useInboxList(list, query);
  const update = useUpdateInboxItem();
  const exportCsv = useExportInboxCsv();
  const remove = useDeleteSubscriber();
  const [open, setOpen] = useState<InboxItem | null>(null);
  const [removing, setRemoving] = useState<SubscriberDto | null>(null);

  const setStatus = (target: "messages" | "enquiries", id: number, status: InboxStatus) =>
    update.mutateAsync({ list: target, id, patch: { status } }).then(
      () => toast.success(t("saved")),
      (error: unknown) =>
        toast.error(text(error instanceof ApiError ? error.message : MESSAGES.UPDATE_FAILED)),
    );

  const statusCell = (
    target: "messages" | "enquiries",
    row: { id: number; status: InboxStatus },
    who: string,
  ) => (
    <select
      className="rounded-md border border-line bg-white px-2 py-1"
      aria-label={t("statusOf", { name: who })}
      value={row.status}
      onChange={(event) => void setStatus(target, row.id, event.target.value as InboxStatus)}
    >
      {INBOX_STATUSES.map((value) => (
        <option key={value} value={value}>
          {t(`statuses.${value}`)}
        </option>
      ))}
    </select>
  );
  const openButton = (entry: InboxItem, who: string) => (
    <button
      type="button"
      className="btn btn-outline px-3 py-1"
      aria-label={t("openNamed", { name: who })}
      onClick={() => setOpen(entry)}
    >
      {t("open")}
    </button>
  );
  const unreadMark = (status: InboxStatus) =>
    status === "new" ? <span className="me-1 font-bold text-gold-dark">● </span> : null;

  const messageColumns: Column<ContactMessageDto>[] = [
    { key: "when", header: t("received"), cell: (m) => when(m.created_at, lang) },
    {
      key: "from",
      header: t("from"),
      cell: (m) => (
        <div>
          <p className={m.status === "new" ? "font-bold" : "font-semibold"}>
            {unreadMark(m.status)}
            {m.name}
          </p>
          <p className="text-xs text-muted" dir="ltr">
            {m.email} · {m.phone}
          </p>
        </div>
      ),
    },
    {
      key: "message",
      header: t("message"),
      cell: (m) => (
        <p className="line-clamp-2 max-w-md">
          {m.subject ? <strong>{m.subject}: </strong> : null}
          {m.message}
        </p>
      ),
    },
    { key: "status", header: t("status"), cell: (m) => statusCell("messages", m, m.name) },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (m) => openButton({ list: "messages", item: m }, m.name),
    },
  ];

  const enquiryColumns: Column<TraderEnquiryDto>[] = [
    { key: "when", header: t("received"), cell: (e) => when(e.created_at, lang) },
    {
      key: "from",
      header: t("from"),
      cell: (e) => (
        <div>
          <p className={e.status === "new" ? "font-bold" : "font-semibold"}>
            {unreadMark(e.status)}
            {e.full_name}
          </p>
          <p className="text-xs text-muted">
            {e.company_name ? `${e.company_name} · ` : ""}
            <bdi dir="ltr">{e.phone}</bdi>
          </p>
        </div>
      ),
    },
    {
      key: "where",
      header: t("country"),
      cell: (e) => `${countryName(e.country, lang)}, ${e.city}`,
    },
    { key: "status", header: t("status"), cell: (e) => statusCell("enquiries", e, e.full_name) },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (e) => openButton({ list: "enquiries", item: e }, e.full_name),
    },
  ];

  const subscriberColumns: Column<SubscriberDto>[] = [
    { key: "email", header: t("email"), cell: (s) => <bdi dir="ltr">{s.email}</bdi> },
    { key: "lang", header: t("language"), cell: (s) => t(`languages.${s.lang}`) },
    { key: "when", header: t("subscribed"), cell: (s) => when(s.created_at, lang) },
    {
      // Double opt-in: only confirmed addresses are subscribers.
      key: "confirmed",
      header: t("consent.header"),
      cell: (s) =>
        s.confirmed_at ? (
          <span data-state="confirmed">
            {t("consent.confirmed")} {when(s.confirmed_at, lang)}
          </span>
        ) : (
          <span data-state="pending" className="text-muted">
            {t("consent.pending")}
          </span>
        ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (s) => (
        <button
          type="button"
          className="btn px-3 py-1 text-red-700 hover:bg-red-50"
          aria-label={t("removeNamed", { name: s.email })}
          onClick={() => {
            remove.reset();
            setRemoving(s);
          }}
        >
          {t("remove")}
        </button>
      ),
    },
  ];

  const toolbar = (
    <>
      <SearchInput
        label={t("search")}
        delay={SEARCH_PAUSE_MS.categories}
        onSearch={(q) => setQuery({ ...query, q, page: 1 })}
      />
      {list !== "subscribers" ? (
        <label className="flex items-center gap-2">
          <span>{t("status")}</span>
          <select
            className="rounded-md border border-line bg-white px-2 py-2"
            value={query.status}
            onChange={(event) =>
              setQuery({ ...query, status: event.target.value as InboxStatus | "", page: 1 })
            }
          >
            <option value="">{t("allStatuses")}</option>
            {INBOX_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button
        type="button"
        className="btn btn-outline ms-auto"
        disabled={exportCsv.isPending}
        onClick={() =>
          exportCsv.mutateAsync({ list, query }).then(
            () => undefined,
            (error: unknown) =>
              toast.error(
                text(error instanceof ApiError ? error.message : MESSAGES.ITEMS_FETCH_FAILED),
              ),
          )
        }
      >
        {t("exportCsv")}
      </button>
    </>
  );

  const common = {
    caption: t(`tabs.${list}`),
    loading: rows.isPending,
    error: rows.isError ? text(rows.error.message) : null,
    onRetry: () => void rows.refetch(),
    emptyText: t(`empty.${list}`),
    filtered: query.q !== "" || query.status !== "",
    toolbar,
    paging: pagingFrom(rows.data?.meta, query, setQuery),
    testId: `inbox-${list}`,
  };

  return (
    <>
      {list === "messages" ? (
        <DataTable
          {...common}
          columns={messageColumns}
          rows={rows.data?.data as ContactMessageDto[] | undefined}
          rowKey={(m) => m.id}
        />
      ) : list === "enquiries" ? (
        <DataTable
          {...common}
          columns={enquiryColumns}
          rows={rows.data?.data as TraderEnquiryDto[] | undefined}
          rowKey={(e) => e.id}
        />
      ) : (
        <DataTable
          {...common}
          columns={subscriberColumns}
          rows={rows.data?.data as SubscriberDto[] | undefined}
          rowKey={(s) => s.id}
        />
      )}
      <InboxItemDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        entry={open}
      />
      <DeleteDialog
        target={removing}
        onClose={() => setRemoving(null)}
        title={t("removeTitle")}
        description={t("removeQuestion", { email: removing?.email ?? "" })}
        confirmLabel={t("remove")}
        mutation={remove}
        doneText={() => t("removed")}
      />
    </>
  );
}

/** The side menu's unread count (messages and enquiries with status new). */
export function InboxMenuBadge() {
  const { t } = useTranslation("admin-inbox");
  const counts = useInboxCounts();
  const unread = (counts.data?.contact_messages ?? 0) + (counts.data?.trader_enquiries ?? 0);
  if (!unread) return null;
  return (
    <span
      className="ms-2 rounded-full bg-gold px-2 text-xs font-bold text-brown"
      dir="ltr"
      data-testid="inbox-unread"
    >
      {unread}
      <span className="sr-only"> {t("unread")}</span>
    </span>
  );
}
