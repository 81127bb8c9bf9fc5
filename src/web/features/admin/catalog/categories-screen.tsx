import { useState } from "react";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { AdminCategory } from "../../../../shared/schemas/admin-catalog.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { Thumbnail } from "../../../components/admin/thumbnail.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useDeleteCategory } from "./api/delete-category.ts";
import { type CategoryListQuery, useCategories } from "./api/list-categories.ts";
import { CategoryFormDialog } from "./category-form-dialog.tsx";

/** Categories, a list with search, add, edit and delete. */
export function CategoriesScreen() {
  const { t, i18n } = useTranslation(["admin-categories", "admin", "messages"]);
  const text = useMessageText();
  const [query, setQuery] = useState<CategoryListQuery>({ search: "", page: 1, per_page: 20 });
  const list = useCategories(query);
  const [editing, setEditing] = useState<AdminCategory | null | undefined>(undefined);
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
  ];

  return (
    <ListScreen
      title={t("title")}
      list={list}
      columns={columns}
      emptyText={t("messages:spec.NO_CATEGORIES")}
      filtered={query.search !== ""}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.categories,
        onSearch: (search) => setQuery({ ...query, search, page: 1 }),
      }}
      addLabel={t("add")}
      onAdd={() => setEditing(null)}
      paging={pagingFrom(list.data?.meta, query, setQuery)}
      editLabel={(c) => t("editNamed", { name: c.name })}
      deleteLabel={(c) => t("deleteNamed", { name: c.name })}
      onEdit={setEditing}
      remove={{
        mutation: remove,
        title: t("deleteTitle"),
        description: (c) => t("deleteQuestion", { name: c.name }),
        doneText: () => t("deleted"),
        errorText: deleteError,
      }}
    >
      <CategoryFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        category={editing ?? null}
      />
    </ListScreen>
  );
}
