import { useState } from "react";
import { addDays } from "../../../../shared/domain/business-time.ts";
import { WEEKDAYS, weekdayName } from "../../../../shared/domain/kitchen.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { AdminDish } from "../../../../shared/schemas/kitchen.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { Thumbnail } from "../../../components/admin/thumbnail.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDeleteDish } from "./api/delete-dish.ts";
import { useDishes } from "./api/list-dishes.ts";
import { useSetSoldOut } from "./api/set-sold-out.ts";
import { KitchenDeliveryForm } from "./delivery-form.tsx";
import { DishFormDialog } from "./dish-form-dialog.tsx";

const A_SUNDAY = "2026-11-22";

/** The kitchen's dish list with search, add, edit and delete. */
export function KitchenScreen() {
  const { t, i18n } = useTranslation(["admin-kitchen", "admin", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const [search, setSearch] = useState("");
  const list = useDishes({ search });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const remove = useDeleteDish();
  const soldOut = useSetSoldOut();
  const ar = i18n.language === "ar";
  const lang = ar ? "ar" : "en";

  const days = (dish: AdminDish) =>
    dish.weekdays.length === 0 || dish.weekdays.length === WEEKDAYS.length
      ? t("everyDay")
      : dish.weekdays.map((d) => weekdayName(addDays(A_SUNDAY, d), lang)).join(ar ? "، " : ", ");

  const columns: Column<AdminDish>[] = [
    {
      key: "title",
      header: t("dishTitle"),
      cell: (d) => (
        <div className="flex items-center gap-3">
          <Thumbnail src={d.image} />
          <div>
            <p className="font-semibold">{ar && d.title_ar ? d.title_ar : d.title}</p>
            <p className="text-xs text-muted" lang={ar ? "en" : "ar"} dir={ar ? "ltr" : "rtl"}>
              {ar ? d.title : d.title_ar || t("messages:form.arabicMissing")}
            </p>
          </div>
        </div>
      ),
    },
    { key: "days", header: t("weekdays"), cell: days },
    {
      key: "price",
      header: t("price"),
      numeric: true,
      cell: (d) => (d.price === null ? "—" : formatMoney(toCents(d.price), lang)),
    },
    {
      key: "state",
      header: t("state"),
      cell: (d) => (d.active ? t("activeState") : t("hiddenState")),
    },
    {
      key: "soldOut",
      header: t("soldOutToday"),
      cell: (d) => (
        <button
          type="button"
          role="switch"
          aria-checked={d.sold_out_today}
          aria-label={t("soldOutNamed", { name: d.title })}
          className={`btn px-3 py-1 ${d.sold_out_today ? "bg-red-700 text-white" : "btn-outline"}`}
          disabled={soldOut.isPending}
          onClick={() =>
            soldOut.mutateAsync({ id: d.id, soldOut: !d.sold_out_today }).then(
              (saved) =>
                toast.success(
                  saved.data.sold_out_today ? t("markedSoldOut") : t("markedAvailable"),
                ),
              (error: unknown) =>
                toast.error(
                  text(error instanceof ApiError ? error.message : MESSAGES.UPDATE_FAILED),
                ),
            )
          }
        >
          {d.sold_out_today ? t("soldOut") : t("available")}
        </button>
      ),
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      intro={t("intro")}
      list={list}
      fetchFallback={MESSAGES.ITEMS_FETCH_FAILED}
      columns={columns}
      emptyText={t("messages:spec.NO_DISHES")}
      filtered={search !== ""}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.dishes,
        onSearch: (value) => setSearch(value.trim()),
      }}
      addLabel={t("add")}
      onAdd={() => setEditing(null)}
      editLabel={(d) => t("editNamed", { name: d.title })}
      deleteLabel={(d) => t("deleteNamed", { name: d.title })}
      onEdit={(d) => setEditing(d.id)}
      remove={{
        mutation: remove,
        title: t("deleteTitle"),
        description: (d) => t("deleteQuestion", { name: d.title }),
        doneText: () => t("deleted"),
      }}
    >
      <DishFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        dishId={editing ?? null}
      />
      <KitchenDeliveryForm />
    </ListScreen>
  );
}
