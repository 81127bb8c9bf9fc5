import { useState } from "react";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { AdminCategory } from "../../../../shared/schemas/admin-catalog.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RowActions } from "../../../components/admin/row-actions.tsx";
import { Thumbnail } from "../../../components/admin/thumbnail.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDeleteCategory } from "./api/delete-category.ts";
import { type CategoryListQuery, useCategories } from "./api/list-categories.ts";
import { CategoryFormDialog } from "./category-form-dialog.tsx";

/** SPEC 2: categories, a list with search, add, edit and delete (issue 9 §3). */
export function CategoriesScreen() {
  const { t, i18n } = useTranslation(["admin-categories", "admin", "messages"]);
  const text = useMessageText();
  const [query, setQuery] = useState<CategoryListQuery>({ search: "", page: 1, per_page: 20 });
  const list = useCategories(query);
  const [editing, setEditing] = useState<AdminCategory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const remove = useDeleteCategory();
  const ar = i18n.language === "ar";

  const deleteError = (error: unknown): string => {
    // The 409 names how many products are still in it; say so in the reader's language.
    const count = error instanceof ApiError ? Number(error.fieldError("products_count")) : NaN;
    if (error instanceof ApiError && error.status === 409 && Number.isFinite(count))
      return t("stillHasProducts", { count });
    return text(error instanceof ApiError ? error.message : MESSAGES.DELETE_FAILED);
  };

  const columns: Column<AdminCategory>[] = [
    {
      key: "image",
      header: <span className="sr-only">{t("image")}</span>,
      className: "w-0",
      cell: (c) => <Thumbnail src={c.image_url} />,
    },
    {
      key: "name",
      header: t("name"),
      cell: (c) => (
        <div>
          <p className="font-semibold">{ar && c.name_ar ? c.name_ar : c.name}</p>
          <p className="text-xs text-muted" lang={ar ? "en" : "ar"} dir={ar ? "ltr" : "rtl"}>
            {ar ? c.name : c.name_ar || t("messages:form.arabicMissing")}
          </p>
        </div>
      ),
    },
    { key: "slug", header: t("slug"), cell: (c) => <code dir="ltr">{c.slug}</code> },
    { key: "products", header: t("products"), numeric: true, cell: (c) => c.products_count },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (c) => (
        <RowActions
          editLabel={t("editNamed", { name: c.name })}
          deleteLabel={t("deleteNamed", { name: c.name })}
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
        emptyText={t("messages:spec.NO_CATEGORIES")}
        filtered={query.search !== ""}
        toolbar={
          <>
            <SearchInput
              label={t("search")}
              delay={SEARCH_PAUSE_MS.categories}
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
      <CategoryFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        category={editing ?? null}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteQuestion", { name: deleting?.name ?? "" })}
        mutation={remove}
        doneText={() => t("deleted")}
        errorText={deleteError}
      />
    </section>
  );
}
