import { CheckoutView } from "../../features/cart/checkout-view.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/checkout";

export const handle = {
  i18n: ["cart", "checkout", "messages", "gift-cards"] as const,
  quietChat: true,
};

/**
 * The summary beside the form uses the same shop settings as the cart page; the payment
 * choices are the ones this shop offers (card only when a gateway is configured).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, promotions] = await Promise.all([
    context.services.settings.get(),
    context.services.promotions.cartPricing(),
  ]);
  return {
    pricing: {
      cartDiscountPercent: promotions.standingPercent,
      deliveryFeeCents: settings.deliveryFeeCents,
      automaticPromotions: promotions.automatic,
    },
    paymentMethods: context.services.payments.methods(),
    giftWrapCents: settings.giftWrapCents,
    // The reminder's consent box is offered only while the owner has reminders on.
    reminders: settings.abandonedCheckoutReminders,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "pages.checkout"),
    path: paths.checkout(),
    noIndex: true,
  });

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutView
      pricing={loaderData.pricing}
      paymentMethods={loaderData.paymentMethods}
      giftWrapCents={loaderData.giftWrapCents}
      reminders={loaderData.reminders}
    />
  );
}
