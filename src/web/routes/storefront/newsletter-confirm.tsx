import { Link, useSearchParams } from "react-router";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { TokenAction } from "../../features/newsletter/token-action.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/newsletter-confirm";

export const handle = { i18n: ["newsletter", "messages"] as const };

// No canonical address and no indexing: the page's address carries a secret.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "newsletter:confirm.title"),
    noIndex: true,
  });

/** `/newsletter/confirm?token=…` (issue 25): the newsletter e-mail's link lands here. */
export default function NewsletterConfirmPage() {
  const { t, i18n } = useTranslation("newsletter");
  const [params] = useSearchParams();
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-brown">{t("confirm.title")}</h1>
        <p className="mt-2 mb-6 text-muted">{t("confirm.intro")}</p>
        <TokenAction action="confirm" token={params.get("token") ?? ""} />
        <p className="mt-6">
          <Link
            to={localizePath(i18n.language === "ar" ? "ar" : "en", "/shop")}
            className="font-semibold text-gold-dark underline"
          >
            {t("backToShop")}
          </Link>
        </p>
      </div>
    </section>
  );
}
