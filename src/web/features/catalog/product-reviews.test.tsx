import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Language } from "../../../shared/domain/language.ts";
import type { ReviewDto, ReviewList } from "../../../shared/schemas/reviews.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { ProductReviews } from "./product-reviews.tsx";
import { REVIEWS_SHOWN, reviewsView } from "./reviews-view.server.ts";

afterEach(cleanup);

const review = (over: Partial<ReviewDto>): ReviewDto => ({
  id: 1,
  author: "Layla",
  rating: 5,
  text: "Lovely maamoul",
  lang: "en",
  reply: "",
  reply_ar: "",
  created_at: "2026-11-20T10:00:00.000Z",
  ...over,
});

// As the service answers for the Arabic page: the Arabic review first.
const list: ReviewList = {
  data: [
    review({
      id: 2,
      author: "سامر",
      rating: 4,
      text: "طعم رائع",
      lang: "ar",
      reply_ar: "شكراً لك!",
    }),
    review({
      id: 1,
      text: "<script>alert(1)</script> Lovely maamoul",
      reply: "Thank you!",
      reply_ar: "",
    }),
  ],
  meta: { average: 4.5, count: 2 },
};

function show(value: ReviewList, lang: Language) {
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en")
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  return render(
    <I18nProvider i18n={i18n}>
      <ProductReviews reviews={reviewsView(value, lang)} />
    </I18nProvider>,
  );
}

describe("the product page's reviews", () => {
  it("in English: the average and count, each review's stars, text as text, date and reply", () => {
    show(list, "en");
    expect(screen.getByRole("heading", { name: "Reviews from buyers" })).toBeTruthy();
    expect(screen.getByTestId("reviews-summary").textContent).toContain(
      "4.5 out of 5, from 2 reviews",
    );
    const [arabic, english] = screen.getAllByTestId("review");
    // A review keeps its own language and direction on the English page.
    const arabicText = within(arabic!).getByTestId("review-text");
    expect([arabicText.getAttribute("lang"), arabicText.getAttribute("dir")]).toEqual([
      "ar",
      "rtl",
    ]);
    expect(within(arabic!).getByRole("img", { name: "4 out of 5 stars" })).toBeTruthy();
    // No English reply: the Arabic one stands in, marked as Arabic.
    expect(within(arabic!).getByText("شكراً لك!").getAttribute("lang")).toBe("ar");
    const englishText = within(english!).getByTestId("review-text");
    expect(englishText.textContent).toBe("<script>alert(1)</script> Lovely maamoul");
    expect(englishText.querySelector("script")).toBeNull();
    expect(within(english!).getByText("20 Nov 2026", { exact: false })).toBeTruthy();
    expect(within(english!).getByTestId("review-reply").textContent).toContain("Thank you!");
  });

  it("in Arabic: Arabic texts, the Arabic reply, the date in Arabic order", () => {
    show(list, "ar");
    expect(screen.getByRole("heading", { name: "تقييمات المشترين" })).toBeTruthy();
    expect(screen.getByTestId("reviews-summary").textContent).toContain("4.5 من 5، من تقييمين");
    const [first] = screen.getAllByTestId("review");
    expect(within(first!).getByTestId("review-text").textContent).toBe("طعم رائع");
    expect(within(first!).getByTestId("review-reply").textContent).toContain("ردّ المتجر");
    expect(within(first!).getByText("20/11/2026", { exact: false })).toBeTruthy();
  });

  it("says so when nothing is published yet", () => {
    show({ data: [], meta: { average: null, count: 0 } }, "ar");
    expect(screen.getByText("لا توجد تقييمات بعد.")).toBeTruthy();
    expect(screen.queryByTestId("review")).toBeNull();
  });

  it(`shows the first ${REVIEWS_SHOWN} while the count says how many there are`, () => {
    const many = Array.from({ length: 14 }, (_, i) => review({ id: i + 1 }));
    show({ data: many, meta: { average: 5, count: 14 } }, "en");
    expect(screen.getAllByTestId("review")).toHaveLength(REVIEWS_SHOWN);
    expect(screen.getByTestId("reviews-summary").textContent).toContain("from 14 reviews");
  });
});
