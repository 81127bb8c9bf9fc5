import { useTranslation } from "react-i18next";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/orders";

export const handle = { i18n: ["admin"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:menu.orders"), noIndex: true });

export default function AdminOrdersPage() {
  const { t } = useTranslation("admin");
  return (
    <section>
      <h1 className="text-2xl font-bold text-brown">{t("menu.orders")}</h1>
      <p className="mt-4 text-muted">{t("comingSoon")}</p>
    </section>
  );
}
