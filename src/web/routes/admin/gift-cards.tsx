import { GiftCardsScreen } from "../../features/admin/gift-cards/gift-cards-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/gift-cards";

export const handle = { i18n: ["admin", "admin-gift-cards", "gift-cards", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.giftCards"),
    noIndex: true,
  });

export default function AdminGiftCardsPage() {
  return <GiftCardsScreen />;
}
