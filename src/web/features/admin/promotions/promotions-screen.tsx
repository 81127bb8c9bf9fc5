import { useState } from "react";
import { formatMoney } from "../../../../shared/domain/money.ts";
import { PROMOTION_MESSAGES } from "../../../../shared/domain/promotions.ts";
import type { PromotionDto } from "../../../../shared/schemas/promotions.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useDeletePromotion } from "./api/delete-promotion.ts";
import { PROMOTIONS_LOAD_FAILED, usePromotions } from "./api/list-promotions.ts";
import { PROMOTION_SAVE_FAILED } from "./api/save-promotion.ts";
import { PromotionFormDialog } from "./promotion-form-dialog.tsx";

registerMessages(PROMOTION_MESSAGES, (id) => `admin-promotions:messages.${id}`);
registerMessages(
  { LOAD: PROMOTIONS_LOAD_FAILED, SAVE: PROMOTION_SAVE_FAILED },
  (id) => `admin-promotions:messages.${id}`,
);

/** Automatic promotions: the standing cart discount first, then the owner's rules. */
export function PromotionsScreen() {
  const { t } = useTranslation(["admin-promotions", "admin"]);
  const lang = useLang();
  const list = usePromotions();
  const [editing, setEditing] = useState<PromotionDto | null | undefined>(undefined);
  const remove = useDeletePromotion();

  const what = (p: PromotionDto): string => {
    switch (p.kind) {
      case "cart_percent":
        return t("whatPercent", { percent: p.percent ?? 0 });
      case "free_delivery":
        return t("whatFreeDelivery", {
          amount: formatMoney(Math.round((p.min_subtotal ?? 0) * 100), lang),
        });
      case "volume":
        return t("whatVolume", { count: p.tiers.length });
      case "buy_get":
        return t("whatBuyGet", { buy: p.buy_grams ?? 0, free: p.free_grams ?? 0 });
    }
  };

  const columns: Column<PromotionDto>[] = [
    {
      key: "name",
      header: t("name"),
      cell: (p) => <span className="font-semibold">{lang === "ar" ? p.name_ar : p.name}</span>,
    },
    { key: "what", header: t("what"), cell: what },
    {
      key: "dates",
      header: t("dates"),
      cell: (p) =>
        p.starts_on || p.ends_on ? (
          <span dir="ltr">
            {p.starts_on ?? "…"} – {p.ends_on ?? "…"}
          </span>
        ) : (
          t("always")
        ),
    },
    {
      key: "status",
      header: t("status"),
      cell: (p) =>
        p.running ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
            {t("running")}
          </span>
        ) : (
          <span className="rounded-full bg-cream px-2 py-0.5 text-xs font-bold">
            {t("notRunning")}
          </span>
        ),
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      intro={<p className="text-muted">{t("intro")}</p>}
      list={list}
      fetchFallback={PROMOTIONS_LOAD_FAILED}
      columns={columns}
      emptyText={t("empty")}
      filtered={false}
      addLabel={t("add")}
      onAdd={() => setEditing(null)}
      testId="promotions-table"
      editLabel={(p) => t("editNamed", { name: lang === "ar" ? p.name_ar : p.name })}
      deleteLabel={(p) => t("deleteNamed", { name: lang === "ar" ? p.name_ar : p.name })}
      onEdit={setEditing}
      remove={{
        mutation: remove,
        title: t("deleteTitle"),
        description: (p) => t("deleteQuestion", { name: lang === "ar" ? p.name_ar : p.name }),
        doneText: () => t("deleted"),
      }}
    >
      <PromotionFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        promotion={editing ?? null}
      />
    </ListScreen>
  );
}
