import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { TraderDto } from "../../../../shared/schemas/traders.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { usePriceLists } from "./api/list-price-lists.ts";
import { useTraders } from "./api/list-traders.ts";
import { useUpdateTrader } from "./api/update-trader.ts";
import { PriceListsSection } from "./price-lists-section.tsx";

/**
 * The trader accounts: company, contact, price list, payment terms and credit limit, and the
 * switch that suspends one (its sessions end, it can no longer sign in) or makes it active.
 */
export function TradersScreen() {
  const { t } = useTranslation(["admin-traders", "admin", "messages"]);
  const lang = useLang();
  const toast = useToasts();
  const text = useMessageText();
  const list = useTraders();
  const priceLists = usePriceLists();
  const update = useUpdateTrader();
  const listName = (id: number | null) =>
    id === null ? t("retail") : (priceLists.data?.find((l) => l.id === id)?.name ?? "—");

  const columns: Column<TraderDto>[] = [
    {
      key: "company",
      header: t("company"),
      cell: (row) => (
        <div>
          <p className="font-semibold" dir="auto">
            {row.company_name}
          </p>
          <p className="text-xs text-muted" dir="auto">
            {row.contact_name}
          </p>
        </div>
      ),
    },
    {
      key: "contact",
      header: t("contact"),
      cell: (row) => (
        <div dir="ltr" className="text-start">
          <p>{row.email}</p>
          <p className="text-xs text-muted">{row.phone}</p>
        </div>
      ),
    },
    { key: "list", header: t("priceList"), cell: (row) => listName(row.price_list_id) },
    {
      key: "terms",
      header: t("terms"),
      cell: (row) => (row.terms_days ? t("termsDays", { count: row.terms_days }) : t("noTerms")),
    },
    {
      key: "limit",
      header: t("creditLimit"),
      numeric: true,
      cell: (row) => <Price amount={row.credit_limit} lang={lang} />,
    },
    {
      key: "status",
      header: t("status"),
      cell: (row) => (
        <div className="flex items-center gap-2">
          <span data-testid="trader-status">{t(`statuses.${row.status}`)}</span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={update.isPending}
            data-testid="trader-toggle"
            onClick={() =>
              update.mutate(
                {
                  id: row.id,
                  patch: { status: row.status === "active" ? "suspended" : "active" },
                },
                { onError: () => toast.error(text(MESSAGES.UPDATE_FAILED)) },
              )
            }
          >
            {row.status === "active" ? t("suspend") : t("activate")}
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        title={t("title")}
        intro={t("intro")}
        list={list}
        fetchFallback={MESSAGES.ITEMS_FETCH_FAILED}
        columns={columns}
        emptyText={t("empty")}
        filtered={false}
        testId="traders-table"
      />
      <div className="px-4 pb-8 md:px-8">
        <PriceListsSection />
      </div>
    </>
  );
}
