import { describe, expect, it } from "vitest";
import { aggregateRatingLd } from "./rating-ld.server.ts";

describe("aggregateRatingLd", () => {
  it("gives the average and count of the published reviews", () => {
    expect(aggregateRatingLd({ average: 4.3, count: 3 })).toEqual({
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.3,
        reviewCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
    });
  });
  it("is nothing without published reviews", () => {
    expect(aggregateRatingLd({ average: null, count: 0 })).toEqual({});
  });
});
