import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { displayPhone } from "../../../../shared/domain/phone.ts";
import { CUSTOMER_MESSAGES } from "../../../../shared/schemas/admin-customers.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { type Column, pagingFrom } from "../../../components/ui/data-table.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import { useExportCustomers } from "./api/export-customers.ts";
import { type CustomerListQuery, type CustomerRow, useCustomers } from "./api/list-customers.ts";

// The screen's own server texts, translated in its namespace (loaded by its routes).
registerMessages(CUSTOMER_MESSAGES, (id) => `admin-customers:errors.${id}`);

/**
 * The shop's customers (accounts and guest buyers), newest buyer first, with search
 * (name, e-mail or phone; Arabic letter forms folded by the server), paging and CSV export.
 */
export function CustomersScreen() {
  const { t } = useTranslation(["admin-customers", "admin", "messages"]);
  const lang = useLang();
  const toast = useToasts();
  const [query, setQuery] = useState<CustomerListQuery>({ search: "", page: 1, per_page: 20 });
  const list = useCustomers(query);
  const exporter = useExportCustomers();

  const columns: Column<CustomerRow>[] = [
    {
      key: "name",
      header: t("name"),
      card: "primary",
      cell: (c) => (
        <div>
          <Link
            to={paths.admin.customer(c.key)}
            className="font-semibold text-brown underline"
            data-testid="customer-link"
            dir="auto"
          >
            {c.name || t("noName")}
          </Link>
          <p className="text-xs text-muted">{t(`kind.${c.kind}`)}</p>
        </div>
      ),
    },
    {
      key: "contact",
      header: t("contact"),
      cell: (c) => (
        <div dir="ltr" className="text-start">
          {c.email ? <p>{c.email}</p> : null}
          {c.phone ? (
            <p className="text-xs text-muted">{displayPhone(c.phone, c.country)}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: "country",
      header: t("country"),
      card: "hide",
      cell: (c) => <span dir="ltr">{c.country ?? "—"}</span>,
    },
    { key: "orders", header: t("orders"), numeric: true, cell: (c) => c.order_count },
    {
      key: "spent",
      header: t("spent"),
      numeric: true,
      cell: (c) => <Price amount={c.total_spent} lang={lang} />,
    },
    {
      key: "last",
      header: t("lastOrder"),
      cell: (c) =>
        c.last_order_at ? (
          <time dateTime={c.last_order_at}>{formatDateTime(c.last_order_at, lang)}</time>
        ) : (
          t("never")
        ),
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      intro={t("intro")}
      list={list}
      fetchFallback={CUSTOMER_MESSAGES.LOAD_FAILED}
      columns={columns}
      emptyText={t("empty")}
      filtered={Boolean(query.search)}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.products,
        onSearch: (search) => setQuery({ ...query, search, page: 1 }),
      }}
      filters={
        <button
          type="button"
          className="btn btn-outline ms-auto"
          disabled={exporter.isPending}
          data-testid="customers-export"
          onClick={() =>
            exporter.mutate(query.search, { onError: () => toast.error(t("exportFailed")) })
          }
        >
          {exporter.isPending ? t("exporting") : t("export")}
        </button>
      }
      paging={pagingFrom(list.data?.meta, query, setQuery)}
      testId="customers-table"
      cards
    />
  );
}
