import { useState } from "react";
import { useSearchParams } from "react-router";
import { formatMoney, type Lang, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import {
  ADMIN_PRODUCT_SORTS,
  type AdminProduct,
  PRODUCT_STATUSES,
  STOCK_STATES,
} from "../../../../shared/schemas/admin-catalog.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { Thumbnail } from "../../../components/admin/thumbnail.tsx";
import { Field } from "../../../components/form/field.tsx";
import { type Column, pagingFrom } from "../../../components/ui/data-table.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useDeleteProduct } from "./api/delete-product.ts";
import { useExportProducts } from "./api/export-products.ts";
import { useCategories } from "./api/list-categories.ts";
import { type ProductListQuery, useProducts } from "./api/list-products.ts";
import { ImportProductsDialog } from "./import-products-dialog.tsx";
import { ProductFormDialog } from "./product-form-dialog.tsx";

const FIRST: ProductListQuery = {
  search: "",
  page: 1,
  per_page: 20,
  category: "",
  status: "all",
  stock: "all",
  sort: "newest",
};

/** Products, a list with search and filters, add, edit, delete (or archive). */
export function ProductsScreen() {
  const { t, i18n } = useTranslation(["admin-products", "admin", "messages"]);
  const exporter = useExportProducts();
  const toast = useToasts();
  const lang: Lang = i18n.language === "ar" ? "ar" : "en";
  // `?stock=low`: the bell's and the dashboard's low-stock links open the list filtered.
  const [params] = useSearchParams();
  // `?search=` (the bell's low-stock item): the list opens on that product's SKU.
  const [initialSearch] = useState(() => params.get("search")?.trim() ?? "");
  const [query, setQuery] = useState<ProductListQuery>(() => {
    const stock = STOCK_STATES.find((s) => s === params.get("stock"));
    const first = initialSearch ? { ...FIRST, search: initialSearch } : FIRST;
    return stock ? { ...first, stock } : first;
  });
  const list = useProducts(query);
  const categories = useCategories({ search: "", page: 1, per_page: 100 });
  const [editing, setEditing] = useState<AdminProduct | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteProduct();
  const money = (dollars: number) => formatMoney(toCents(dollars), lang);
  const nameOf = (p: { name: string; name_ar: string }) =>
    lang === "ar" && p.name_ar ? p.name_ar : p.name;

  const columns: Column<AdminProduct>[] = [
    {
      key: "image",
      header: <span className="sr-only">{t("image")}</span>,
      className: "w-0",
      // The photo stays on a phone's card too: it is how the owner tells sweets apart.
      cell: (p) => <Thumbnail src={p.image_url} />,
    },
    {
      key: "name",
      header: t("name"),
      card: "primary",
      cell: (p) => (
        <div className="flex flex-col">
          <span className="font-semibold">{nameOf(p)}</span>
          <span className="text-xs text-muted" dir="ltr">
            {p.sku}
          </span>
        </div>
      ),
    },
    {
      key: "category",
      header: t("category"),
      card: "hide",
      cell: (p) => (p.category ? nameOf(p.category) : "—"),
    },
    {
      key: "price",
      header: t("price"),
      numeric: true,
      cell: (p) =>
        p.discount_price !== null && p.discount_price > 0 && p.discount_price < p.price ? (
          <span className="flex flex-col items-end">
            <s className="text-xs text-muted">{money(p.price)}</s>
            <span>{money(p.discount_price)}</span>
          </span>
        ) : (
          money(p.price)
        ),
    },
    {
      key: "stock",
      header: t("stock"),
      numeric: true,
      cell: (p) =>
        p.stock_kg === null ? (
          t("untracked")
        ) : (
          <span className={p.in_stock ? "" : "font-bold text-red-700"} dir="ltr">
            {/* In the admin's language ("12.5 كغ"), like every weight the shopper sees. */}
            {optionLabel(Math.round(p.stock_kg * 1000), lang)}
          </span>
        ),
    },
    {
      // Shoppers who asked to be e-mailed when it is back: worth restocking first.
      key: "restock",
      header: t("restockWaiting"),
      card: "hide",
      numeric: true,
      cell: (p) =>
        p.restock_waiting > 0 ? (
          <span data-testid="restock-waiting">{p.restock_waiting}</span>
        ) : (
          <span className="text-muted">0</span>
        ),
    },
    {
      key: "status",
      header: t("status"),
      cell: (p) =>
        p.active ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
            {t("statusActive")}
          </span>
        ) : (
          <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-bold text-gray-800">
            {t("statusHidden")}
          </span>
        ),
    },
  ];

  const filtered =
    query.search !== "" || query.category !== "" || query.status !== "all" || query.stock !== "all";
  const set = (patch: Partial<ProductListQuery>) => setQuery({ ...query, ...patch, page: 1 });

  return (
    <ListScreen
      title={t("title")}
      cards
      list={list}
      columns={columns}
      emptyText={t("messages:spec.NO_PRODUCTS")}
      filtered={filtered}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.products,
        onSearch: (search) => set({ search }),
        initialValue: initialSearch,
      }}
      filters={
        <>
          <Field
            as="select"
            label={t("category")}
            value={query.category}
            onChange={(e) => set({ category: e.currentTarget.value })}
            options={[
              { value: "", label: t("allCategories") },
              ...(categories.data?.data ?? []).map((c) => ({
                value: String(c.id),
                label: nameOf(c),
              })),
            ]}
          />
          <Field
            as="select"
            label={t("status")}
            value={query.status}
            onChange={(e) => set({ status: e.currentTarget.value as ProductListQuery["status"] })}
            options={PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <Field
            as="select"
            label={t("stock")}
            value={query.stock}
            onChange={(e) => set({ stock: e.currentTarget.value as ProductListQuery["stock"] })}
            options={STOCK_STATES.map((s) => ({ value: s, label: t(`stockStates.${s}`) }))}
          />
          <Field
            as="select"
            label={t("sort")}
            value={query.sort}
            onChange={(e) => set({ sort: e.currentTarget.value as ProductListQuery["sort"] })}
            options={ADMIN_PRODUCT_SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
          />
          {/* The whole catalogue as CSV (both languages, weights, stock, SKU). */}
          <button
            type="button"
            className="btn btn-outline self-end"
            disabled={exporter.isPending}
            onClick={() =>
              exporter.mutate(undefined, { onError: () => toast.error(t("exportFailed")) })
            }
            data-testid="export-products-csv"
          >
            {exporter.isPending ? t("exporting") : t("exportCsv")}
          </button>
          <button
            type="button"
            className="btn btn-outline self-end"
            onClick={() => setImporting(true)}
            data-testid="import-products-csv"
          >
            {t("importCsv")}
          </button>
        </>
      }
      addLabel={t("add")}
      onAdd={() => setEditing(null)}
      paging={pagingFrom(list.data?.meta, query, setQuery)}
      editLabel={(p) => t("editNamed", { name: nameOf(p) })}
      deleteLabel={(p) => t("deleteNamed", { name: nameOf(p) })}
      onEdit={setEditing}
      remove={{
        mutation: remove,
        title: t("deleteTitle"),
        description: (p) =>
          p.sold
            ? t("archiveQuestion", { name: nameOf(p) })
            : t("deleteQuestion", { name: nameOf(p) }),
        doneText: (result) => (result.data.archived ? t("archived") : t("deleted")),
      }}
    >
      <ProductFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        product={editing ?? null}
      />
      <ImportProductsDialog open={importing} onOpenChange={setImporting} />
    </ListScreen>
  );
}
