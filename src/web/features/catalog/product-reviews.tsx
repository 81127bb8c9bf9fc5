import type { Language } from "../../../shared/domain/language.ts";
import { useTranslation } from "../../i18n/translator.tsx";

/** A product's published reviews as the page shows them (reviews-view.server.ts builds it). */
export type ReviewsView = {
  average: number | null;
  count: number;
  items: {
    id: number;
    author: string;
    rating: number;
    text: string;
    lang: Language;
    date: string;
    reply: { text: string; lang: Language } | null;
  }[];
};

const dirOf = (lang: Language) => (lang === "ar" ? "rtl" : "ltr");

/** Five stars, `rating` of them filled; read out as "4 out of 5 stars". */
function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="tracking-wider text-gold">
      <span aria-hidden="true">{"★".repeat(filled)}</span>
      <span aria-hidden="true" className="text-line">
        {"★".repeat(5 - filled)}
      </span>
    </span>
  );
}

/**
 * The buyers' reviews under a product: the average and count, then each review (stars, text,
 * date, the shop's reply). Plain markup with no state or handlers, so it costs the page no
 * script beyond itself; every text is React text, so a review can never inject markup. Each
 * text carries its own language and direction (an English review on the Arabic page reads
 * left to right).
 */
export function ProductReviews({ reviews }: { reviews: ReviewsView }) {
  const { t } = useTranslation("product");
  return (
    <>
      <h2 id="reviews-title" className="mb-2 text-2xl font-bold text-brown">
        {t("reviews.title")}
      </h2>
      {reviews.count === 0 || reviews.average === null ? (
        <p className="text-muted">{t("reviews.none")}</p>
      ) : (
        <>
          <p className="mb-6 flex items-center gap-2" data-testid="reviews-summary">
            <Stars
              rating={reviews.average}
              label={t("reviews.stars", { rating: reviews.average.toFixed(1) })}
            />
            <span>
              {t("reviews.summary", {
                rating: reviews.average.toFixed(1),
                count: reviews.count,
              })}
            </span>
          </p>
          <ul className="flex flex-col gap-6">
            {reviews.items.map((review) => (
              <li key={review.id} className="border-b border-line pb-4" data-testid="review">
                <p className="flex flex-wrap items-center gap-x-3 text-sm">
                  <Stars
                    rating={review.rating}
                    label={t("reviews.stars", { rating: review.rating })}
                  />
                  <span className="font-semibold">{review.author}</span>
                  <span className="text-muted">{review.date}</span>
                </p>
                <p
                  className="mt-2 whitespace-pre-line"
                  lang={review.lang}
                  dir={dirOf(review.lang)}
                  data-testid="review-text"
                >
                  {review.text}
                </p>
                {review.reply ? (
                  <div className="mt-3 rounded bg-cream p-3 text-sm" data-testid="review-reply">
                    <p className="font-semibold">{t("reviews.reply")}</p>
                    <p
                      className="whitespace-pre-line"
                      lang={review.reply.lang}
                      dir={dirOf(review.reply.lang)}
                    >
                      {review.reply.text}
                    </p>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
