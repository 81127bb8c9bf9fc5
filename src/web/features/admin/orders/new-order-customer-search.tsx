import { useState } from "react";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { type CustomerMatch, useCustomerSearch } from "./api/find-customers.ts";

/**
 * "Customer by search or new": an earlier buyer's name, phone, e-mail and country fill the
 * form (an account's also attaches the order to it); a new customer is simply typed in.
 */
export function CustomerSearch({
  attached,
  onPick,
  onDetach,
}: {
  /** The account the order will belong to, if one was picked. */
  attached: CustomerMatch | null;
  onPick: (customer: CustomerMatch) => void;
  onDetach: () => void;
}) {
  const { t } = useTranslation("admin-orders");
  const [search, setSearch] = useState("");
  const found = useCustomerSearch(search);
  return (
    <div className="space-y-2 sm:col-span-2" data-testid="customer-search">
      <SearchInput
        label={t("newOrder.findCustomer")}
        delay={SEARCH_PAUSE_MS.products}
        onSearch={setSearch}
      />
      {search && found.data ? (
        found.data.length === 0 ? (
          <p className="text-sm text-muted">{t("newOrder.noCustomers")}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {found.data.map((customer) => (
              <li key={customer.key} className="flex items-center gap-3">
                <span className="flex-1">
                  {customer.name}{" "}
                  <bdi dir="ltr" className="text-sm text-muted">
                    {[customer.phone, customer.email].filter(Boolean).join(" · ")}
                  </bdi>
                </span>
                <button
                  type="button"
                  className="btn btn-outline px-3 py-1 text-sm"
                  onClick={() => onPick(customer)}
                  aria-label={t("newOrder.useCustomer", { name: customer.name })}
                >
                  {t("newOrder.use")}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {attached ? (
        <p className="flex items-center gap-3 text-sm" data-testid="attached-account">
          <span>{t("newOrder.attached", { name: attached.name })}</span>
          <button type="button" className="underline" onClick={onDetach}>
            {t("newOrder.detach")}
          </button>
        </p>
      ) : null}
    </div>
  );
}
