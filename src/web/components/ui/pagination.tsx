import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { pageWindow } from "../../../shared/domain/pagination.ts";

type Props = {
  page: number;
  lastPage: number;
  /** The URL of a page; links (not buttons) so pages can be opened, shared and crawled. */
  hrefFor: (page: number) => string;
};

const cell = "inline-flex min-w-10 h-10 items-center justify-center rounded-md px-3 font-semibold";

/** SPEC 9: up to 5 page numbers, with ellipses and the first and last pages. */
export function Pagination({ page, lastPage, hrefFor }: Props) {
  const { t } = useTranslation();
  if (lastPage <= 1) return null;
  const items = pageWindow(page, lastPage);
  const atStart = page <= 1;
  const atEnd = page >= lastPage;

  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {atStart ? (
            <span aria-disabled="true" className={`${cell} text-muted opacity-50`}>
              {t("pagination.previous")}
            </span>
          ) : (
            <Link to={hrefFor(page - 1)} rel="prev" className={`${cell} hover:bg-line`}>
              {t("pagination.previous")}
            </Link>
          )}
        </li>
        {items.map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: item })}
                className={`${cell} ${item === page ? "bg-gold-dark text-white" : "hover:bg-line"}`}
              >
                {item}
              </Link>
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
            <Link to={hrefFor(page + 1)} rel="next" className={`${cell} hover:bg-line`}>
              {t("pagination.next")}
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
