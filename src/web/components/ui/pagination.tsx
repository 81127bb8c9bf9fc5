import { Link } from "react-router";
import { pageWindow } from "../../../shared/domain/pagination.ts";
import { useTranslation } from "../../i18n/translator.tsx";

type Props = {
  page: number;
  lastPage: number;
} & (
  | {
      /** The URL of a page; links (not buttons) so pages can be opened, shared and crawled. */
      hrefFor: (page: number) => string;
      onPageChange?: never;
    }
  | {
      /** Client-side paging (back office tables): buttons instead of links. */
      onPageChange: (page: number) => void;
      hrefFor?: never;
    }
);

const cell = "inline-flex min-w-10 h-10 items-center justify-center rounded-md px-3 font-semibold";

/** Up to 5 page numbers, with ellipses and the first and last pages. */
export function Pagination({ page, lastPage, hrefFor, onPageChange }: Props) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const items = pageWindow(page, lastPage);
  const atStart = page <= 1;
  const atEnd = page >= lastPage;
  // One element for both modes: a link to the page's URL, or a button that changes the page.
  // (Called as a function, not rendered as a component: a component made here would be new
  // on every render and remount, dropping the focus of the button just pressed.)
  const pageLink = ({
    to,
    children,
    ...rest
  }: {
    to: number;
    children: React.ReactNode;
    className: string;
    rel?: string;
    "aria-current"?: "page";
    "aria-label"?: string;
  }) =>
    onPageChange ? (
      <button type="button" onClick={() => onPageChange(to)} {...rest}>
        {children}
      </button>
    ) : (
      <Link to={hrefFor(to)} {...rest}>
        {children}
      </Link>
    );

  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {atStart ? (
            <span aria-disabled="true" className={`${cell} text-muted opacity-50`}>
              {t("pagination.previous")}
            </span>
          ) : (
            pageLink({
              to: page - 1,
              rel: "prev",
              className: `${cell} hover:bg-line`,
              children: t("pagination.previous"),
            })
          )}
        </li>
        {items.map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              {pageLink({
                to: item,
                "aria-current": item === page ? "page" : undefined,
                "aria-label": t("pagination.page", { page: item }),
                className: `${cell} ${item === page ? "bg-gold-dark text-white" : "hover:bg-line"}`,
                children: item,
              })}
            </li>
          ) : (
            <li key={item} aria-hidden="true" className={`${cell} text-muted`}>
              …
            </li>
          ),
        )}
        <li>
          {atEnd ? (
            <span aria-disabled="true" className={`${cell} text-muted opacity-50`}>
              {t("pagination.next")}
            </span>
          ) : (
            pageLink({
              to: page + 1,
              rel: "next",
              className: `${cell} hover:bg-line`,
              children: t("pagination.next"),
            })
          )}
        </li>
      </ul>
    </nav>
  );
}
