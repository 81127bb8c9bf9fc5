import { useState } from "react";
import {
  type FaqItemDto,
  POLICY_PAGES,
  type PolicySectionDto,
} from "../../../../shared/schemas/content.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RowActions } from "../../../components/admin/row-actions.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useDeleteFaq } from "./api/delete-faq.ts";
import { useFaqItems } from "./api/list-faq.ts";
import { usePolicySections } from "./api/list-policies.ts";
import { FaqDialog, PolicyDialog } from "./content-dialogs.tsx";

/**
 * The "Pages" screen: the FAQ's items and the policy pages' sections, stored in
 * both languages, so delivery times and policies change without a developer.
 */
export function PagesScreen() {
  const { t } = useTranslation("admin-pages");
  return (
    <section className="flex flex-col gap-10">
      <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
      <FaqList />
      <PolicyLists />
    </section>
  );
}

function FaqList() {
  const { t, i18n } = useTranslation(["admin-pages", "admin", "messages"]);
  const ar = i18n.language === "ar";
  const text = useMessageText();
  const items = useFaqItems();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<FaqItemDto | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<FaqItemDto | null>(null);
  const nextPosition = Math.max(0, ...(items.data ?? []).map((item) => item.position)) + 1;

  const columns: Column<FaqItemDto>[] = [
    { key: "position", header: t("position"), numeric: true, cell: (f) => f.position },
    {
      key: "question",
      header: t("faq.question"),
      cell: (f) => (
        <div>
          <p className="font-semibold">{ar && f.question_ar ? f.question_ar : f.question_en}</p>
          <p className="text-xs text-muted" lang={ar ? "en" : "ar"} dir={ar ? "ltr" : "rtl"}>
            {ar ? f.question_en : f.question_ar || t("messages:form.arabicMissing")}
          </p>
        </div>
      ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (f) => (
        <RowActions
          editLabel={t("editNamed", { name: f.question_en })}
          deleteLabel={t("deleteNamed", { name: f.question_en })}
          onEdit={() => setEditing(f)}
          onDelete={() => {
            remove.reset();
            setDeleting(f);
          }}
        />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-xl font-bold text-brown">{t("faq.title")}</h2>
      <DataTable
        caption={t("faq.title")}
        columns={columns}
        rows={items.data}
        rowKey={(f) => f.id}
        loading={items.isPending}
        error={items.isError ? text(items.error.message) : null}
        onRetry={() => void items.refetch()}
        emptyText={t("faq.empty")}
        testId="faq-table"
        toolbar={
          <button
            type="button"
            className="btn btn-primary ms-auto"
            onClick={() => setEditing(null)}
          >
            {t("faq.add")}
          </button>
        }
      />
      <FaqDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        item={editing ?? null}
        nextPosition={nextPosition}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("faq.deleteTitle")}
        description={t("faq.deleteQuestion", { name: deleting?.question_en ?? "" })}
        mutation={remove}
        doneText={() => t("deleted")}
      />
    </div>
  );
}

function PolicyLists() {
  const { t, i18n } = useTranslation(["admin-pages", "admin", "messages"]);
  const ar = i18n.language === "ar";
  const text = useMessageText();
  const sections = usePolicySections();
  const [editing, setEditing] = useState<PolicySectionDto | null>(null);

  const columns: Column<PolicySectionDto>[] = [
    { key: "position", header: t("position"), numeric: true, cell: (s) => s.position },
    {
      key: "title",
      header: t("policies.sectionTitle"),
      cell: (s) => (
        <div>
          <p className="font-semibold">{ar && s.title_ar ? s.title_ar : s.title_en}</p>
          <p className="text-xs text-muted">
            {s.points_en.length
              ? t("policies.pointsCount", { count: s.points_en.length })
              : t("policies.textOnly")}
          </p>
        </div>
      ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (s) => (
        <button
          type="button"
          className="btn btn-outline px-3 py-1"
          aria-label={t("editNamed", { name: s.title_en })}
          onClick={() => setEditing(s)}
        >
          {t("admin:actions.edit")}
        </button>
      ),
    },
  ];

  return (
    <>
      {POLICY_PAGES.map((page) => (
        <div key={page} className="flex flex-col gap-3">
          <h2 className="text-xl font-bold text-brown">{t(`policies.pages.${page}`)}</h2>
          <DataTable
            caption={t(`policies.pages.${page}`)}
            columns={columns}
            rows={sections.data?.filter((section) => section.page === page)}
            rowKey={(s) => s.id}
            loading={sections.isPending}
            error={sections.isError ? text(sections.error.message) : null}
            onRetry={() => void sections.refetch()}
            emptyText={t("policies.empty")}
            testId={`policy-${page}`}
          />
        </div>
      ))}
      <PolicyDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        section={editing}
      />
    </>
  );
}
