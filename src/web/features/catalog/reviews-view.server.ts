import { formatDate } from "../../../shared/domain/date-format.ts";
import type { Language } from "../../../shared/domain/language.ts";
import type { ReviewList } from "../../../shared/schemas/reviews.ts";
import type { ReviewsView } from "./product-reviews.tsx";

/** How many reviews the product page shows (the list comes in the page's language first). */
export const REVIEWS_SHOWN = 10;

/**
 * The product page's reviews, laid out on the server in the page's language: the date as text
 * and the shop's reply in the page's language (else the other one), so the page's JavaScript
 * carries no date or language rules for them.
 */
export function reviewsView(list: ReviewList, lang: Language): ReviewsView {
  const other: Language = lang === "ar" ? "en" : "ar";
  return {
    average: list.meta.average,
    count: list.meta.count,
    items: list.data.slice(0, REVIEWS_SHOWN).map((review) => {
      const own = lang === "ar" ? review.reply_ar : review.reply;
      const fallback = lang === "ar" ? review.reply : review.reply_ar;
      return {
        id: review.id,
        author: review.author,
        rating: review.rating,
        text: review.text,
        lang: review.lang,
        date: formatDate(review.created_at, lang),
        reply: own ? { text: own, lang } : fallback ? { text: fallback, lang: other } : null,
      };
    }),
  };
}
