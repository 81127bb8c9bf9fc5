import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REVIEW_MESSAGES } from "../../../shared/domain/reviews.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { OrderReviews, reviewableProducts } from "./order-reviews.tsx";
import { renderScreen } from "./render-for-test.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const line = (line_id: number, product_id: number | null, name: string, name_ar: string) => ({
  line_id,
  product_id,
  name,
  name_ar,
  grams: 500,
  qty: 1,
  unit_price: 10,
  line_total: 10,
  weighed_grams: null,
  refunded: 0,
  image_url: null,
  contents: null,
});
const order = {
  number: "SW-10001",
  status: "completed",
  lines: [
    line(1, 7, "Baklava", "بقلاوة"),
    line(2, 7, "Baklava", "بقلاوة"),
    line(3, 9, "Maamoul", "معمول"),
    line(4, null, "Gone", "محذوف"),
  ],
} satisfies Pick<OrderDto, "number" | "status" | "lines">;

describe("reviews from the order page", () => {
  it("offers each product of a delivered order once, and none before delivery", () => {
    expect(reviewableProducts(order).map((p) => p.id)).toEqual([7, 9]);
    expect(reviewableProducts({ ...order, status: "shipped" })).toEqual([]);
  });

  it.each([
    [
      "en",
      "Review Maamoul",
      "You have reviewed this product for this order. Thank you!",
      "Please choose from 1 to 5 stars.",
      "Thank you! Your review will appear once the shop publishes it.",
    ],
    [
      "ar",
      "تقييم معمول",
      "لقد قيّمت هذا المنتج لهذا الطلب. شكراً لك!",
      "يرجى اختيار من نجمة إلى 5 نجوم.",
      "شكراً لك! سيظهر تقييمك بعد أن ينشره المتجر.",
    ],
  ] as const)(
    "%s: marks what was reviewed, checks the form, sends with the key",
    async (lang, formName, already, ratingError, thanks) => {
      const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
        url.includes("/reviews?")
          ? Response.json({ data: { product_ids: [7] } })
          : Response.json({ data: {} }, { status: 201 }),
      );
      vi.stubGlobal("fetch", fetchMock);
      renderScreen(<OrderReviews order={order} accessKey="secret" />, { lang });
      expect(await screen.findByText(already)).toBeTruthy();
      expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/orders/SW-10001/reviews?key=secret");
      const form = screen.getByRole("form", { name: formName });
      fireEvent.submit(form);
      expect(await screen.findByText(ratingError)).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      fireEvent.click(screen.getAllByRole("radio")[3]!);
      fireEvent.change(screen.getByRole("textbox"), { target: { value: "  Soft and fresh " } });
      fireEvent.submit(form);
      expect(await screen.findByText(thanks)).toBeTruthy();
      const [url, init] = fetchMock.mock.calls[1]!;
      expect(url).toBe("/api/products/9/reviews");
      expect(JSON.parse(String(init?.body))).toEqual({
        rating: 4,
        text: "Soft and fresh",
        order_number: "SW-10001",
        key: "secret",
      });
    },
  );

  it("shows the server's refusal in the page's language", async () => {
    vi.stubGlobal("fetch", async (url: string) =>
      url.includes("/reviews?")
        ? Response.json({ data: { product_ids: [] } })
        : Response.json(
            {
              message: REVIEW_MESSAGES.NOT_RECEIVED,
              errors: { order_number: [REVIEW_MESSAGES.NOT_RECEIVED] },
            },
            { status: 422 },
          ),
    );
    renderScreen(<OrderReviews order={{ ...order, lines: [order.lines[0]!] }} accessKey="k" />, {
      lang: "ar",
    });
    fireEvent.click((await screen.findAllByRole("radio"))[4]!);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "رائعة" } });
    fireEvent.submit(screen.getByRole("form"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "لا يقيّم هذا المنتج إلا مشترٍ استلمه في طلب مكتمل.",
    );
  });
});
