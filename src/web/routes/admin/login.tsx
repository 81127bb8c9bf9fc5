import { useTranslation } from "react-i18next";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:login.title"), noIndex: true });

export default function AdminLoginPage() {
  const { t } = useTranslation("admin");
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-cream p-6">
      <section className="w-full max-w-md rounded-xl bg-white p-8 shadow">
        <h1 className="text-2xl font-bold text-brown">{t("login.title")}</h1>
        <p className="mt-2 text-muted">{t("comingSoon")}</p>
      </section>
    </main>
  );
}
