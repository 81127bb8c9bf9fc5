import { CartView } from "../../features/cart/cart-view.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/cart";

export const handle = { i18n: ["cart"] as const, quietChat: true };

/** The summary's standing discount and delivery fee, and whether other promotions exist. */
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, promotions] = await Promise.all([
    context.services.settings.get(),
    context.services.promotions.cartPricing(),
  ]);
  return {
    cartDiscountPercent: promotions.standingPercent,
    deliveryFeeCents: settings.deliveryFeeCents,
    automaticPromotions: promotions.automatic,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.cart"),
    path: paths.cart(),
    noIndex: true,
  });

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return <CartView pricing={loaderData} />;
}
