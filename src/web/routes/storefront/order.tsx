import { useSearchParams } from "react-router";
import { OrderView } from "../../features/cart/order-view.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { useRootData } from "../../lib/use-root-data.ts";
import type { Route } from "./+types/order";

export const handle = { i18n: ["checkout", "messages", "invoices"] as const, quietChat: true };

// Private to its customer: never indexed. Loaded in the browser, where the key or the
// customer's token is.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "checkout:order.pageTitle"),
    noIndex: true,
  });

export default function OrderPage({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  // The shop's public phones and e-mails: a cancelled order's page says how to reach it.
  const { shop } = useRootData();
  return (
    <OrderView
      number={params.number}
      accessKey={search.get("key")}
      contact={{ phones: shop.phones, emails: shop.emails }}
      paymentReturn={search.get("payment") === "done"}
    />
  );
}
