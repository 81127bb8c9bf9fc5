import { useId } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { Pagination } from "../../components/ui/pagination.tsx";
import { AccountErrorBoundary, AccountShell } from "../../features/account/account-nav.tsx";
import { OrderCard } from "../../features/account/order-card.tsx";
import {
  type CustomerOrderPage,
  fetchCustomerOrders,
  ORDER_TABS,
  ORDERS_PER_PAGE,
  ordersHref,
  ordersQueryFrom,
} from "../../features/account/orders-api.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import {
  requireCustomer,
  signedInMarkOrLogin,
  signedOutRedirect,
} from "../../lib/require-customer.ts";
import type { Route } from "./+types/orders";

export const handle = { i18n: ["account", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.orders"),
    path: paths.orders(),
    noIndex: true,
  });

type Loaded =
  | { state: "ok"; page: CustomerOrderPage }
  | { state: "unavailable" }
  | { state: "failed" };

/** Signed out (no mark in this browser): to the sign-in page from the server. */
export function loader({ request }: Route.LoaderArgs) {
  return signedInMarkOrLogin(request);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const session = requireCustomer(request);
  const query = ordersQueryFrom(new URL(request.url));
  let result: Loaded;
  try {
    result = { state: "ok", page: await fetchCustomerOrders(query, session.token, request.signal) };
  } catch (error) {
    signedOutRedirect(error, request);
    // No orders API on this server yet: say so plainly rather than pretend the list is empty.
    result =
      error instanceof ApiError && error.status === 404
        ? { state: "unavailable" }
        : { state: "failed" };
  }
  return { query, result };
}

// The token is checked in the browser as the page hydrates (the server only saw the mark).
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("orders.title")}>
      <p className="mt-4 text-muted">…</p>
    </AccountShell>
  );
}

export default function OrdersPage() {
  const paths = usePaths();
  const { t } = useTranslation("account");
  const { query, result } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const perPageId = useId();

  return (
    <AccountShell title={t("orders.title")}>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t("orders.tabsLabel")}>
          <ul className="flex gap-1 border-b border-line">
            {ORDER_TABS.map((tab) => (
              <li key={tab}>
                <Link
                  to={ordersHref({ ...query, group: tab, page: 1 }, paths)}
                  aria-current={tab === query.group ? "page" : undefined}
                  className={`block border-b-2 px-4 py-2 font-semibold ${
                    tab === query.group
                      ? "border-gold-dark text-gold-dark"
                      : "border-transparent hover:text-gold-dark"
                  }`}
                >
                  {t(`orders.tabs.${tab}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <label htmlFor={perPageId} className="text-sm font-semibold">
            {t("orders.perPage")}
          </label>
          <select
            id={perPageId}
            className="field w-auto"
            value={query.perPage}
            onChange={(event) =>
              navigate(
                ordersHref({ ...query, perPage: Number(event.target.value), page: 1 }, paths),
              )
            }
          >
            {ORDERS_PER_PAGE.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-6" data-testid="orders-result">
        {result.state === "unavailable" ? (
          <p className="text-muted">{t("orders.unavailable")}</p>
        ) : result.state === "failed" ? (
          <p role="alert" className="font-semibold text-red-700">
            {t("orders.loadFailed")}
          </p>
        ) : result.page.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-line p-8 text-center">
            <p>{t(`orders.empty.${query.group}`)}</p>
            <Link to={paths.shop()} className="btn btn-primary mt-4">
              {t("orders.shopLink")}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted">
              {t("orders.count", { count: result.page.meta.total })}
            </p>
            <ul className="flex flex-col gap-4">
              {result.page.data.map((order) => (
                <li key={order.number}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
            <Pagination
              page={result.page.meta.page}
              lastPage={result.page.meta.last_page}
              hrefFor={(page) => ordersHref({ ...query, page }, paths)}
            />
          </>
        )}
      </div>
    </AccountShell>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
