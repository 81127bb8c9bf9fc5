/**
 * schema.org AggregateRating for a product's published reviews, built by the product page's
 * loader; none published = nothing (search engines ignore an empty rating and flag it).
 */
export function aggregateRatingLd(summary: {
  average: number | null;
  count: number;
}): Record<string, unknown> {
  if (summary.average === null || summary.count === 0) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}
