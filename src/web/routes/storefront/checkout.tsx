import { CheckoutView } from "../../features/cart/checkout-view.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/checkout";

export const handle = { i18n: ["cart", "checkout", "messages"] as const };

/** The summary beside the form uses the same shop settings as the cart page. */
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  return {
    cartDiscountPercent: settings.cartDiscountPercent,
    deliveryFeeCents: settings.deliveryFeeCents,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.checkout"),
    path: paths.checkout(),
    noIndex: true,
  });

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView pricing={loaderData} />;
}
