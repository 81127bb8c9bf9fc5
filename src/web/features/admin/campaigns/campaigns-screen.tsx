import { useState } from "react";
import type { CampaignDto } from "../../../../shared/schemas/campaigns.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import type { Column } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { CAMPAIGNS_LOAD_FAILED, useCampaigns } from "./api/list-campaigns.ts";
import { CampaignDialog } from "./campaign-dialog.tsx";

const STATUS_TONE = {
  draft: "bg-cream",
  scheduled: "bg-amber-100 text-amber-900",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-800",
} as const;

/** Newsletter campaigns: the list with each one's state and counts; a row opens it. */
export function CampaignsScreen() {
  const { t } = useTranslation(["admin-campaigns", "admin"]);
  const lang = useLang();
  const list = useCampaigns();
  const [open, setOpen] = useState<CampaignDto | null | undefined>(undefined);
  const subject = (c: CampaignDto) => (lang === "ar" ? c.subject_ar : c.subject);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(lang === "ar" ? "ar-SY-u-nu-latn" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    }).format(new Date(iso));

  const columns: Column<CampaignDto>[] = [
    {
      key: "subject",
      header: t("subject"),
      cell: (c) => <span className="font-semibold">{subject(c)}</span>,
    },
    {
      key: "status",
      header: t("status"),
      cell: (c) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_TONE[c.status]}`}>
          {t(`statuses.${c.status}`)}
        </span>
      ),
    },
    {
      key: "when",
      header: t("when"),
      cell: (c) => (c.send_at ? <span dir="ltr">{when(c.send_at)}</span> : "—"),
    },
    ...(["recipients", "sent", "failed", "unsubscribed"] as const).map(
      (key): Column<CampaignDto> => ({
        key,
        header: t(`counts.${key}`),
        cell: (c) => <span dir="ltr">{c.counts[key]}</span>,
      }),
    ),
    {
      key: "open",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (c) => (
        <button
          type="button"
          className="btn btn-outline px-2 py-1 text-sm"
          aria-label={t("openNamed", { name: subject(c) })}
          onClick={() => setOpen(c)}
        >
          {t("open")}
        </button>
      ),
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      intro={t("intro")}
      list={list}
      fetchFallback={CAMPAIGNS_LOAD_FAILED}
      columns={columns}
      emptyText={t("empty")}
      filtered={false}
      addLabel={t("add")}
      onAdd={() => setOpen(null)}
      testId="campaigns-table"
    >
      <CampaignDialog
        open={open !== undefined}
        onOpenChange={(next) => {
          if (!next) setOpen(undefined);
        }}
        campaign={open ?? null}
      />
    </ListScreen>
  );
}
