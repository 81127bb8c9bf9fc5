import { useState } from "react";
import type { AdminCoupon } from "../../../../shared/schemas/admin-catalog.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { type Column, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useDeleteCoupon } from "./api/delete-coupon.ts";
import { type CouponListQuery, useCoupons } from "./api/list-coupons.ts";
import { CouponFormDialog } from "./coupon-form-dialog.tsx";

/** Coupons, a list with search, add, edit, delete; expired ones flagged. */
export function CouponsScreen() {
  const { t } = useTranslation(["admin-coupons", "admin", "messages"]);
  const [query, setQuery] = useState<CouponListQuery>({ search: "", page: 1, per_page: 20 });
  const list = useCoupons(query);
  const [editing, setEditing] = useState<AdminCoupon | null | undefined>(undefined);
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
  ];

  return (
    <ListScreen
      title={t("title")}
      list={list}
      columns={columns}
      emptyText={t("messages:spec.NO_COUPONS")}
      filtered={query.search !== ""}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.coupons,
        onSearch: (search) => setQuery({ ...query, search, page: 1 }),
      }}
      addLabel={t("add")}
      onAdd={() => setEditing(null)}
      paging={pagingFrom(list.data?.meta, query, setQuery)}
      editLabel={(c) => t("editNamed", { code: c.code })}
      deleteLabel={(c) => t("deleteNamed", { code: c.code })}
      onEdit={setEditing}
      remove={{
        mutation: remove,
        title: t("deleteTitle"),
        description: (c) => t("deleteQuestion", { code: c.code }),
        doneText: () => t("deleted"),
      }}
    >
      <CouponFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        coupon={editing ?? null}
      />
    </ListScreen>
  );
}
