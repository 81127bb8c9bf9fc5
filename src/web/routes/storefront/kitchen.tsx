import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import {
  DEFAULT_KITCHEN_FILTER,
  isKitchenFilter,
  type KitchenFilter,
} from "../../../shared/domain/kitchen.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { PageHero } from "../../features/company/page-hero.tsx";
import { KitchenHours, QrBanner } from "../../features/kitchen/kitchen-info.tsx";
import { KitchenMenu } from "../../features/kitchen/kitchen-menu.tsx";
import type { MenuState } from "../../features/kitchen/use-kitchen-menu.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/kitchen";

// "messages": the menu shows a failed load in its fixed text, also when the server renders it.
export const handle = { i18n: ["kitchen", "messages"] as const };

const filterOf = (search: URLSearchParams): KitchenFilter => {
  const value = search.get("filter");
  return isKitchenFilter(value) ? value : DEFAULT_KITCHEN_FILTER;
};

/** The Kitchen page, rendered on the server for the filter in the URL (shareable). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = filterOf(new URL(request.url).searchParams);
  const [menu, settings] = await Promise.all([
    context.services.kitchen.menu(filter).then(
      (m): MenuState => ({ status: "ok", menu: m }),
      (error: unknown): MenuState => {
        console.error("kitchen menu failed to load", error);
        return { status: "failed", message: MESSAGES.KITCHEN_FETCH_FAILED };
      },
    ),
    context.services.settings.get(),
  ]);
  return {
    filter,
    menu,
    messagingNumber: settings.messagingNumber,
    pageUrl: `${context.publicUrl.replace(/\/+$/, "")}/our-kitchen`,
  };
}

/** Another tab is read by the page itself (with its own loading and retry), not the loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "kitchen:hero.title"),
    description: metaText(root, "kitchen:meta.description"),
    path: paths.kitchen(),
  });
};

export default function KitchenPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <>
      <PageHero ns="kitchen" />
      <div className="container-page flex flex-col gap-12 py-12">
        <KitchenMenu
          filter={filterOf(search)}
          initial={loaderData.menu}
          initialFilter={loaderData.filter}
          messagingNumber={loaderData.messagingNumber}
        />
        <div className="grid gap-8 lg:grid-cols-2">
          <KitchenHours />
          <QrBanner pageUrl={loaderData.pageUrl} />
        </div>
      </div>
    </>
  );
}
