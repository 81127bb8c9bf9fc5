import { Link } from "react-router";
import { listSeparator } from "../../../shared/domain/bidi.ts";
import { dtoContentsKey as boxKey, dtoContentsText } from "../../../shared/domain/boxes.ts";
import { formatDateTime } from "../../../shared/domain/date-format.ts";
import { formatDiscount, toCents } from "../../../shared/domain/money.ts";
import { badgeTone } from "../../../shared/domain/order-states.ts";
import { Quantity } from "../../components/ui/bidi.tsx";
import { Price } from "../../components/ui/price.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";
import type { CustomerOrder } from "./orders-api.ts";

const TONE = {
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  yellow: "bg-yellow-100 text-yellow-900",
} as const;

/** One order: number (to its detail page), date, status badge, lines and totals. */
export function OrderCard({ order }: { order: CustomerOrder }) {
  const paths = usePaths();
  const { t, i18n } = useTranslation("account");
  const lang = i18n.language === "ar" ? "ar" : "en";
  const placed = formatDateTime(order.created_at, lang);

  return (
    <article className="rounded-xl border border-line bg-white p-4" data-testid="order-card">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">
          <Link to={paths.order(order.number)} className="underline">
            {t("orders.number", { number: order.number })}
          </Link>
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[badgeTone(order.status)]}`}
        >
          {t(`orders.status.${order.status}`)}
        </span>
      </header>
      <p className="mt-1 text-sm text-muted">
        {t("orders.placedOn")}: <time dateTime={order.created_at}>{placed}</time>
      </p>
      <h3 className="sr-only">{t("orders.linesLabel")}</h3>
      <ul className="mt-3 divide-y divide-line">
        {order.lines.map((line) => (
          <li
            key={`${line.product_id}:${line.grams}:${boxKey(line.contents)}`}
            className="flex justify-between gap-4 py-2"
          >
            <span>
              <bdi>{lang === "ar" && line.name_ar ? line.name_ar : line.name}</bdi>
              {listSeparator(lang)}
              <Quantity grams={line.grams} qty={line.qty} lang={lang} />
              {line.contents?.length ? (
                <span className="block text-sm text-muted">
                  {dtoContentsText(line.contents, lang)}
                </span>
              ) : null}
            </span>
            <Price amount={line.line_total} lang={lang} />
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
        <dt>{t("orders.subtotal")}</dt>
        <dd className="text-end">
          <Price amount={order.subtotal} lang={lang} />
        </dd>
        <dt>{t("orders.discount")}</dt>
        <dd className="text-end">
          {/* As the cart and checkout write it: "−$3.40". */}
          <span dir="ltr" className="font-bold text-gold-dark" data-testid="order-discount">
            {formatDiscount(toCents(order.discount), lang)}
          </span>
        </dd>
        <dt>{t("orders.delivery")}</dt>
        <dd className="text-end">
          <Price amount={order.delivery_fee} lang={lang} />
        </dd>
        <dt className="font-bold">{t("orders.total")}</dt>
        <dd className="text-end">
          <Price amount={order.total} lang={lang} />
        </dd>
      </dl>
    </article>
  );
}
