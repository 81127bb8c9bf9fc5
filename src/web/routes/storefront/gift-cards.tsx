import { businessDate } from "../../../shared/domain/business-time.ts";
import { addGiftCardToCart } from "../../features/cart/cart-store.ts";
import { GiftCardForm } from "../../features/gift-cards/gift-card-form.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/gift-cards";

export const handle = { i18n: ["gift-cards", "messages"] as const };

/**
 * The owner's offer and the shop's today come with the page: the form is whole in the first
 * HTML (the cart it adds to lives in the browser).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { offer: await context.services.giftCards.offer(), today: businessDate(new Date()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "gift-cards:title"),
    description: metaText(rootDataFrom(matches), "gift-cards:intro"),
    path: paths.giftCards(),
  });

export default function GiftCardsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("gift-cards");
  const lang = useLang();
  return (
    <section className="container-page max-w-2xl py-8">
      <h1 className="text-3xl font-bold text-brown">{t("title")}</h1>
      <p className="mt-3 mb-6 text-muted">{t("intro")}</p>
      <GiftCardForm
        offer={loaderData.offer}
        today={loaderData.today}
        lang={lang}
        onAdd={addGiftCardToCart}
      />
    </section>
  );
}
