import { useId } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { Pagination } from "./pagination.tsx";

export type Column<T> = {
  /** Stable id of the column (also its React key). */
  key: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  /** Numbers, codes, prices: left-to-right and aligned to the end, also in Arabic. */
  numeric?: boolean;
  className?: string;
  /**
   * On a phone's card (`cards`): `primary` heads the card without a label (the order number,
   * the name), `hide` leaves the column off the card; otherwise the cell shows under its header.
   */
  card?: "primary" | "hide";
};

export type TablePaging = {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  perPage: number;
  perPageOptions: readonly number[];
  onPerPageChange: (perPage: number) => void;
  total?: number;
};

type Props<T> = {
  /** The table's accessible name. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** First load (no rows yet). A refetch keeps the old rows on screen. */
  loading: boolean;
  /** A failure message (already in the page's language); with `onRetry`, a Try again button. */
  error?: string | null;
  onRetry?: () => void;
  /** The empty state ("No categories yet.") when nothing exists at all. */
  emptyText: string;
  /** True while a search or filter is applied: an empty answer then says "No results.". */
  filtered?: boolean;
  /** Above the table: the search box, an add button. */
  toolbar?: React.ReactNode;
  paging?: TablePaging;
  testId?: string;
  /**
   * At 480 px and narrower each row is a card (its columns stacked, each under its header)
   * instead of a table row scrolled sideways. The same rows and cells: only the layout changes.
   */
  cards?: boolean;
};

/**
 * THE back office table: loading, error with a retry, the empty state, "No
 * results." for a search that finds nothing, and optional paging with a per-page select.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText,
  filtered = false,
  toolbar,
  paging,
  testId = "data-table",
  cards = false,
}: Props<T>) {
  // Class names written out whole so the style sheet builder finds them.
  const phone = cards
    ? {
        wrap: "max-[480.98px]:overflow-visible max-[480.98px]:border-0 max-[480.98px]:bg-transparent",
        table: "max-[480.98px]:block",
        head: "max-[480.98px]:hidden",
        body: "max-[480.98px]:flex max-[480.98px]:flex-col max-[480.98px]:gap-3",
        row: "max-[480.98px]:flex max-[480.98px]:flex-col max-[480.98px]:gap-1 max-[480.98px]:rounded-lg max-[480.98px]:border max-[480.98px]:bg-white max-[480.98px]:p-3",
        cell: "max-[480.98px]:flex max-[480.98px]:items-center max-[480.98px]:justify-between max-[480.98px]:gap-3 max-[480.98px]:p-0 max-[480.98px]:text-start",
        primary: "max-[480.98px]:text-base",
        hide: "max-[480.98px]:hidden",
        label: "hidden font-semibold text-muted max-[480.98px]:inline",
      }
    : null;
  const { t } = useTranslation("messages");
  const perPageId = useId();
  const hasRows = Boolean(rows && rows.length > 0);

  let state: React.ReactNode = null;
  if (error && !hasRows) {
    state = (
      <div role="alert" className="flex flex-col items-center gap-3" data-testid="table-error">
        <p className="font-semibold text-red-700">{error}</p>
        {onRetry ? (
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            {t("ui.retry")}
          </button>
        ) : null}
      </div>
    );
  } else if (loading && !hasRows) {
    state = (
      <p role="status" className="text-muted" data-testid="table-loading">
        {t("ui.loading")}
      </p>
    );
  } else if (!hasRows) {
    state = (
      <p className="text-muted" data-testid="table-empty">
        {filtered ? t("spec.NO_RESULTS") : emptyText}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid={testId}>
      {toolbar ? <div className="flex flex-wrap items-center gap-3">{toolbar}</div> : null}
      {/* Errors after a refetch (rows still shown) are announced above the rows. */}
      {error && hasRows ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {/* A table wider than a phone scrolls inside this frame: keyboard users reach it with Tab
          and scroll it with the arrow keys, and a screen reader names it by the caption. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
        tabIndex={0}
        aria-label={caption}
        className={`overflow-x-auto rounded-lg border border-line bg-white ${phone?.wrap ?? ""}`}
      >
        <table
          className={`w-full text-start text-sm ${phone?.table ?? ""}`}
          aria-busy={loading || undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className={`bg-cream ${phone?.head ?? ""}`}>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-4 py-3 font-bold ${column.numeric ? "text-end" : "text-start"} ${column.className ?? ""}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={phone?.body}>
            {state ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center">
                  {state}
                </td>
              </tr>
            ) : (
              rows?.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={`border-t border-line ${phone?.row ?? ""}`}
                  data-testid="table-row"
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={`px-4 py-3 align-middle ${column.numeric ? "text-end" : ""} ${column.className ?? ""} ${phone ? `${phone.cell} ${column.card === "primary" ? phone.primary : ""} ${column.card === "hide" ? phone.hide : ""}` : ""}`}
                      // A table's numbers read left to right in their cell; a card's in their <bdi>.
                      dir={column.numeric && !phone ? "ltr" : undefined}
                    >
                      {/* On a card, the cell's header beside it (the table's own header is hidden). */}
                      {phone && !column.card ? (
                        <span className={phone.label} aria-hidden="true">
                          {column.header}
                        </span>
                      ) : null}
                      {column.numeric && phone ? (
                        <bdi dir="ltr">{column.cell(row)}</bdi>
                      ) : (
                        column.cell(row)
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {paging ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={perPageId}>{t("ui.perPage")}</label>
            <select
              id={perPageId}
              className="field w-auto"
              value={paging.perPage}
              onChange={(event) => paging.onPerPageChange(Number(event.target.value))}
              data-testid="per-page"
            >
              {paging.perPageOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            {paging.total !== undefined ? (
              <span className="text-muted">{t("ui.total", { count: paging.total })}</span>
            ) : null}
          </div>
          <Pagination
            page={paging.page}
            lastPage={paging.lastPage}
            onPageChange={paging.onPageChange}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Page sizes the back office lists offer. */
export const ADMIN_PAGE_SIZES = [10, 20, 50] as const;

type PageMeta = { page: number; last_page: number; total: number };
type PagedQuery = { page: number; per_page: number };

/**
 * The `paging` prop from a list answer's `meta` and the screen's query state: a new page
 * size goes back to page 1 (the shop page's rule, kept everywhere).
 */
export function pagingFrom<Q extends PagedQuery>(
  meta: PageMeta | undefined,
  query: Q,
  setQuery: (next: Q) => void,
  perPageOptions: readonly number[] = ADMIN_PAGE_SIZES,
): TablePaging {
  return {
    page: query.page,
    lastPage: meta?.last_page ?? 1,
    total: meta?.total,
    perPage: query.per_page,
    perPageOptions,
    onPageChange: (page) => setQuery({ ...query, page }),
    onPerPageChange: (per_page) => setQuery({ ...query, per_page, page: 1 }),
  };
}
