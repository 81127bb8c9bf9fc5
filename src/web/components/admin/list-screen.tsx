import { useState } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { useMessageText } from "../form/messages.ts";
import { type Column, DataTable, type TablePaging } from "../ui/data-table.tsx";
import { SearchInput } from "../ui/search-input.tsx";
import { DeleteDialog } from "./delete-dialog.tsx";
import { RowActions } from "./row-actions.tsx";

/** The part of a TanStack list query the screen shows (rows, first load, failure, retry). */
type ListQuery<Row> = {
  data?: { data: Row[] };
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
};

/** The part of a TanStack delete mutation the delete flow uses. */
type DeleteMutation<Id, Result> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
  mutateAsync: (id: Id) => Promise<Result>;
};

type Props<Row extends { id: Id }, Id, Result> = {
  /** The heading and the table's accessible name. */
  title: string;
  /** A paragraph under the heading. */
  intro?: React.ReactNode;
  list: ListQuery<Row>;
  /** The failure's text when the server sent none (English; translated here). */
  fetchFallback?: string;
  /** The screen's columns; the row actions column is added last. */
  columns: Column<Row>[];
  emptyText: string;
  /** A search or filter is applied (an empty answer says "No results."). */
  filtered: boolean;
  /** The search box (a list the API cannot search, such as the reviews, has none). */
  search?: {
    label: string;
    delay: number;
    onSearch: (text: string) => void;
    /** What the box starts with (a link that opens the list searched). */
    initialValue?: string;
  };
  /** More toolbar controls after the search box (filters, a sort). */
  filters?: React.ReactNode;
  /** The Add button (a read-only list such as the customers has none). */
  addLabel?: string;
  onAdd?: () => void;
  paging?: TablePaging;
  /** The table's test id (e2e). */
  testId?: string;
  /**
   * At 480 px and narrower each row is a card (the table kit's `cards`; mark the columns'
   * `card`: the name as `primary`, what a phone can wait for as `hide`).
   */
  cards?: boolean;
  /** Each row's Edit and Delete buttons, named for the row (a read-only list has none). */
  editLabel?: (row: Row) => string;
  deleteLabel?: (row: Row) => string;
  onEdit?: (row: Row) => void;
  /** The delete flow: the question, the mutation, the toast (see DeleteDialog). */
  remove?: {
    mutation: DeleteMutation<Id, Result>;
    title: string;
    description: (row: Row) => string;
    doneText: (result: Result) => string;
    errorText?: (error: unknown) => string;
  };
  /** The screen's add/edit dialog. */
  children?: React.ReactNode;
};

/**
 * THE admin list screen: heading, the table with its toolbar (search, filters,
 * add), every row's Edit and Delete, and the delete with confirmation. A screen brings its
 * columns, its query and mutation, and its form dialog. A read-only list (the customers)
 * leaves out the add, edit and delete props: no Add button, no actions column.
 */
export function ListScreen<Row extends { id: Id }, Id, Result>({
  title,
  intro,
  list,
  fetchFallback,
  columns,
  emptyText,
  filtered,
  search,
  filters,
  addLabel,
  onAdd,
  paging,
  testId,
  cards = false,
  editLabel,
  deleteLabel,
  onEdit,
  remove,
  children,
}: Props<Row, Id, Result>) {
  const { t } = useTranslation("admin");
  const text = useMessageText();
  const [deleting, setDeleting] = useState<Row | null>(null);

  const withActions: Column<Row>[] =
    editLabel && deleteLabel && onEdit && remove
      ? [
          ...columns,
          {
            key: "actions",
            header: t("actions.actions"),
            className: "w-0 whitespace-nowrap",
            cell: (row) => (
              <RowActions
                editLabel={editLabel(row)}
                deleteLabel={deleteLabel(row)}
                onEdit={() => onEdit(row)}
                onDelete={() => {
                  remove.mutation.reset();
                  setDeleting(row);
                }}
              />
            ),
          },
        ]
      : columns;

  const tools = (
    <>
      {search ? (
        <SearchInput
          label={search.label}
          delay={search.delay}
          onSearch={search.onSearch}
          initialValue={search.initialValue}
        />
      ) : null}
      {filters}
      {addLabel && onAdd ? (
        <button type="button" className="btn btn-primary ms-auto" onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
    </>
  );

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brown">{title}</h1>
      {intro ? <p className="text-muted">{intro}</p> : null}
      <DataTable
        caption={title}
        columns={withActions}
        rows={list.data?.data}
        rowKey={(row) => String(row.id)}
        loading={list.isPending}
        error={list.isError ? text(list.error?.message || fetchFallback || "") : null}
        onRetry={() => void list.refetch()}
        emptyText={emptyText}
        filtered={filtered}
        toolbar={
          // With filters the controls wrap as one row aligned on their labels' baseline.
          filters ? <div className="flex w-full flex-wrap items-end gap-3">{tools}</div> : tools
        }
        paging={paging}
        testId={testId}
        cards={cards}
      />
      {children}
      {remove ? (
        <DeleteDialog
          target={deleting}
          onClose={() => setDeleting(null)}
          title={remove.title}
          description={deleting ? remove.description(deleting) : ""}
          mutation={remove.mutation}
          doneText={remove.doneText}
          errorText={remove.errorText}
        />
      ) : null}
    </section>
  );
}
