import { useState } from "react";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../../shared/domain/reviews.ts";
import type { AdminReview } from "../../../../shared/schemas/reviews.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { type RowAction, RowActions } from "../../../components/admin/row-actions.tsx";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, pagingFrom } from "../../../components/ui/data-table.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { REVIEWS_FETCH_FAILED, type ReviewListQuery, useReviews } from "./api/list-reviews.ts";
import { REVIEW_UPDATE_FAILED, useModerateReview } from "./api/moderate-review.ts";
import { ReplyDialog } from "./reply-dialog.tsx";

/**
 * Reviews from buyers, by status (new ones wait as pending): publish, hide, reply. The buyer's
 * text is shown as React text, so whatever it holds is never read as markup.
 */
export function ReviewsScreen() {
  const { t, i18n } = useTranslation(["admin-reviews", "admin", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const lang = i18n.language === "ar" ? "ar" : "en";
  const [query, setQuery] = useState<ReviewListQuery>({
    status: "pending",
    page: 1,
    per_page: 20,
  });
  const list = useReviews(query);
  const moderate = useModerateReview();
  const [replying, setReplying] = useState<AdminReview | null>(null);

  const setStatus = async (review: AdminReview, status: ReviewStatus) => {
    try {
      await moderate.mutateAsync({ id: review.id, input: { status } });
      toast.success(t(status === "published" ? "published" : "hidden"));
    } catch (error) {
      toast.error(text(error instanceof ApiError ? error.message : REVIEW_UPDATE_FAILED));
    }
  };

  const actionsOf = (review: AdminReview): RowAction[] => [
    ...(review.status === "published"
      ? []
      : [
          {
            text: t("publish"),
            label: t("publishNamed", { name: review.author }),
            onClick: () => void setStatus(review, "published"),
            disabled: moderate.isPending,
          },
        ]),
    ...(review.status === "hidden"
      ? []
      : [
          {
            text: t("hide"),
            label: t("hideNamed", { name: review.author }),
            onClick: () => void setStatus(review, "hidden"),
            disabled: moderate.isPending,
          },
        ]),
    {
      text: t("replyAction"),
      label: t("replyNamed", { name: review.author }),
      onClick: () => setReplying(review),
    },
  ];

  const columns: Column<AdminReview>[] = [
    {
      key: "product",
      header: t("product"),
      cell: (r) => (lang === "ar" && r.product.name_ar ? r.product.name_ar : r.product.name),
    },
    {
      key: "rating",
      header: t("rating"),
      numeric: true,
      cell: (r) => (
        <span role="img" aria-label={t("stars", { count: r.rating })}>
          {"★".repeat(r.rating)}
        </span>
      ),
    },
    {
      key: "text",
      header: t("text"),
      cell: (r) => (
        <div className="max-w-md">
          <p
            className="whitespace-pre-line"
            lang={r.lang}
            dir={r.lang === "ar" ? "rtl" : "ltr"}
            data-testid="review-text"
          >
            {r.text}
          </p>
          {r.reply || r.reply_ar ? (
            <p className="mt-1 text-xs text-muted">{t("hasReply")}</p>
          ) : null}
        </div>
      ),
    },
    {
      key: "author",
      header: t("author"),
      cell: (r) => (
        <div>
          <p>{r.author}</p>
          <p className="text-xs text-muted" dir="ltr">
            {r.order_number}
          </p>
        </div>
      ),
    },
    {
      key: "date",
      header: t("date"),
      className: "whitespace-nowrap",
      cell: (r) => formatDateTime(r.created_at, lang),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (r) => <RowActions actions={actionsOf(r)} />,
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      list={list}
      fetchFallback={REVIEWS_FETCH_FAILED}
      columns={columns}
      emptyText={t(`empty.${query.status}`)}
      filtered={false}
      filters={
        <Field
          as="select"
          label={t("status")}
          value={query.status}
          onChange={(e) =>
            setQuery({ ...query, status: e.currentTarget.value as ReviewStatus, page: 1 })
          }
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      }
      paging={pagingFrom(list.data?.meta, query, setQuery)}
      testId="reviews-table"
    >
      <ReplyDialog review={replying} onClose={() => setReplying(null)} />
    </ListScreen>
  );
}
