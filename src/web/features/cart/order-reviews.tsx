import { useEffect, useId, useState } from "react";
import { MAX_REVIEW_LENGTH, REVIEW_MESSAGES } from "../../../shared/domain/reviews.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { Field } from "../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../components/form/messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { readCustomerToken } from "./customer-session.ts";
import { loadReviewed, sendReview } from "./send-review.ts";

// The server's refusals, translated in `checkout` (the order page's route loads it).
registerMessages(REVIEW_MESSAGES, (id) => `checkout:review.errors.${id}`);

/** The products a delivered order can be reviewed for: one per product, in line order. */
export function reviewableProducts(
  order: Pick<OrderDto, "status" | "lines">,
): { id: number; name: string; name_ar: string }[] {
  if (order.status !== "completed") return [];
  const seen = new Set<number>();
  const products: { id: number; name: string; name_ar: string }[] = [];
  for (const line of order.lines) {
    if (line.product_id === null || seen.has(line.product_id)) continue;
    seen.add(line.product_id);
    products.push({ id: line.product_id, name: line.name, name_ar: line.name_ar });
  }
  return products;
}

/**
 * A delivered order's page asks its buyer for a review of each product it held (the private
 * link's key or the signed-in owner proves the purchase, as the reviews API checks): stars and
 * a few words in either language. A product already reviewed from this order says so instead
 * of offering the form again; a new review waits for the shop to publish it.
 */
export function OrderReviews({
  order,
  accessKey,
}: {
  order: Pick<OrderDto, "number" | "status" | "lines">;
  accessKey: string | null;
}) {
  const { t } = useTranslation("checkout");
  const products = reviewableProducts(order);
  const [reviewed, setReviewed] = useState<number[] | null>(null);
  const [sent, setSent] = useState<number[]>([]);
  const titleId = useId();

  useEffect(() => {
    if (order.status !== "completed") return;
    const controller = new AbortController();
    loadReviewed(order.number, accessKey, readCustomerToken(), controller.signal).then(
      setReviewed,
      () => setReviewed([]),
    );
    return () => controller.abort();
  }, [order.number, order.status, accessKey]);

  if (products.length === 0) return null;
  return (
    <section
      id="review"
      className="mt-8 rounded-xl border border-line bg-white p-4"
      aria-labelledby={titleId}
      data-testid="order-reviews"
    >
      <h2 id={titleId} className="text-xl font-bold text-brown">
        {t("review.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("review.hint")}</p>
      {reviewed === null ? (
        <p role="status" className="mt-3 text-muted">
          {t("order.loading")}
        </p>
      ) : (
        <ul className="mt-4 flex flex-col gap-6">
          {products.map((product) => (
            <li key={product.id} data-testid="order-review">
              {sent.includes(product.id) ? (
                <ProductDone product={product} note={t("review.thanks")} />
              ) : reviewed.includes(product.id) ? (
                <ProductDone product={product} note={t("review.already")} />
              ) : (
                <ReviewForm
                  product={product}
                  number={order.number}
                  accessKey={accessKey}
                  onSent={() => setSent((list) => [...list, product.id])}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Product = { id: number; name: string; name_ar: string };

function ProductDone({ product, note }: { product: Product; note: string }) {
  const lang = useLang();
  return (
    <>
      <h3 className="font-bold">{pickText(lang, product.name, product.name_ar)}</h3>
      <p role="status" className="mt-1 text-green-800">
        {note}
      </p>
    </>
  );
}

function ReviewForm({
  product,
  number,
  accessKey,
  onSent,
}: {
  product: Product;
  number: string;
  accessKey: string | null;
  onSent: () => void;
}) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const message = useMessageText();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const name = pickText(lang, product.name, product.name_ar);
  const ratingError = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = {
      rating: rating >= 1 && rating <= 5 ? undefined : REVIEW_MESSAGES.RATING,
      text: !text.trim()
        ? REVIEW_MESSAGES.TEXT_REQUIRED
        : text.length > MAX_REVIEW_LENGTH
          ? REVIEW_MESSAGES.TEXT_TOO_LONG
          : undefined,
    };
    setErrors(found);
    if (found.rating || found.text) return;
    setBusy(true);
    try {
      await sendReview(
        product.id,
        { rating, text: text.trim(), order_number: number, key: accessKey ?? undefined },
        readCustomerToken(),
      );
      onSent();
    } catch (failure) {
      if (failure instanceof ApiError)
        setErrors({
          rating: failure.fieldError("rating"),
          text: failure.fieldError("text"),
          form:
            failure.fieldError("rating") || failure.fieldError("text")
              ? undefined
              : (failure.fieldError("order_number") ?? failure.message),
        });
      else setErrors({ form: t("review.failed") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("review.formLabel", { name })}>
      <h3 className="font-bold">{name}</h3>
      <fieldset
        className="mt-2"
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? ratingError : undefined}
      >
        <legend className="font-semibold">{t("review.rating")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="inline-flex items-center gap-1">
              <input
                type="radio"
                name={`rating-${product.id}`}
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="size-5 accent-gold-dark"
              />
              <span aria-hidden="true" className="text-gold">
                {"★".repeat(stars)}
              </span>
              <span className="sr-only">{t("review.stars", { count: stars })}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={ratingError} className="mt-1 text-sm text-red-700">
            {message(errors.rating)}
          </p>
        ) : null}
      </fieldset>
      <Field
        as="textarea"
        className="mt-3"
        name={`text-${product.id}`}
        label={t("review.text")}
        hint={t("review.textHint")}
        dir="auto"
        rows={4}
        maxLength={MAX_REVIEW_LENGTH}
        value={text}
        onChange={(e) => setText((e.target as HTMLTextAreaElement).value)}
        error={errors.text ? { message: errors.text } : undefined}
      />
      {errors.form ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message(errors.form)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary mt-3" disabled={busy}>
        {busy ? t("review.sending") : t("review.send")}
      </button>
    </form>
  );
}
