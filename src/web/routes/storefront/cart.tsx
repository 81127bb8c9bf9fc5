import { CartView } from "../../features/cart/cart-view.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/cart";

export const handle = { i18n: ["cart"] as const, quietChat: true };

/** The summary's standing discount and delivery fee are shop settings. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return {
    cartDiscountPercent: settings.cartDiscountPercent,
    deliveryFeeCents: settings.deliveryFeeCents,
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
