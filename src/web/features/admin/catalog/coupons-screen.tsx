import { useState } from "react";
import type { AdminCoupon } from "../../../../shared/schemas/admin-catalog.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RowActions } from "../../../components/admin/row-actions.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useDeleteCoupon } from "./api/delete-coupon.ts";
import { type CouponListQuery, useCoupons } from "./api/list-coupons.ts";
import { CouponFormDialog } from "./coupon-form-dialog.tsx";

/** SPEC 2: coupons, a list with search, add, edit, delete; expired ones flagged. */
export function CouponsScreen() {
  const { t } = useTranslation(["admin-coupons", "admin", "messages"]);
  const text = useMessageText();
  const [query, setQuery] = useState<CouponListQuery>({ search: "", page: 1, per_page: 20 });
  const list = useCoupons(query);
  const [editing, setEditing] = useState<AdminCoupon | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);
  const remove = useDeleteCoupon();

  const columns: Column<AdminCoupon>[] = [
    {
      key: "code",
      header: t("code"),
      cell: (c) => (
        <code dir="ltr" className="font-semibold">
          {c.code}
        </code>
      ),
    },
    {
      key: "percent",
      header: t("percent"),
      numeric: true,
      cell: (c) => `${c.discount_percent}%`,
    },
    {
      key: "uses",
      header: t("uses"),
      numeric: true,
      cell: (c) => (c.max_uses === null ? `${c.uses} / ∞` : `${c.uses} / ${c.max_uses}`),
    },
    {
      key: "expire",
      header: t("expireAt"),
      cell: (c) => (c.expire_at ? <span dir="ltr">{c.expire_at.slice(0, 10)}</span> : t("never")),
    },
    {
      key: "status",
      header: t("status"),
      cell: (c) =>
        c.expired ? (
          <span
            className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800"
            data-testid="coupon-expired"
          >
            {t("expired")}
          </span>
        ) : (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
            {t("active")}
          </span>
        ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (c) => (
        <RowActions
          editLabel={t("editNamed", { code: c.code })}
          deleteLabel={t("deleteNamed", { code: c.code })}
          onEdit={() => setEditing(c)}
          onDelete={() => {
            remove.reset();
            setDeleting(c);
          }}
        />
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
      <DataTable
        caption={t("title")}
        columns={columns}
        rows={list.data?.data}
        rowKey={(c) => c.id}
        loading={list.isPending}
        error={list.isError ? text(list.error.message) : null}
        onRetry={() => void list.refetch()}
        emptyText={t("messages:spec.NO_COUPONS")}
        filtered={query.search !== ""}
        toolbar={
          <>
            <SearchInput
              label={t("search")}
              delay={SEARCH_PAUSE_MS.coupons}
              onSearch={(search) => setQuery({ ...query, search, page: 1 })}
            />
            <button
              type="button"
              className="btn btn-primary ms-auto"
              onClick={() => setEditing(null)}
            >
              {t("add")}
            </button>
          </>
        }
        paging={pagingFrom(list.data?.meta, query, setQuery)}
      />
      <CouponFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        coupon={editing ?? null}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteQuestion", { code: deleting?.code ?? "" })}
        mutation={remove}
        doneText={() => t("deleted")}
      />
    </section>
  );
}
