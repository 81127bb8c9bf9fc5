import { useTranslation } from "react-i18next";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/kitchen";

export const handle = { i18n: ["admin"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.kitchen"),
    noIndex: true,
  });

export default function AdminKitchenPage() {
  const { t } = useTranslation("admin");
  return (
    <section>
      <h1 className="text-2xl font-bold text-brown">{t("menu.kitchen")}</h1>
      <p className="mt-4 text-muted">{t("comingSoon")}</p>
    </section>
  );
}
