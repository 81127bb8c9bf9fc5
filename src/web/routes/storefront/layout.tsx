import { Outlet, useRouteLoaderData } from "react-router";
import { ChatButton } from "../../components/layout/chat-button.tsx";
import { ErrorPanel } from "../../components/layout/error-panel.tsx";
import { DisplayCurrencyProvider } from "../../components/ui/display-currency.tsx";
import { SeasonBanner } from "../../features/seasons/season-banner.tsx";
import type { RootData } from "../../root.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

export const handle = { i18n: ["footer"] as const };

/**
 * The storefront shell: the app layer, where the header and footer compose the cart, account
 * and newsletter features. The page between them is at least a screen tall (`min-h-svh`, the
 * screen with the browser's bars shown, as a page opens): the footer starts below the fold, so
 * what the browser fills in after the server's HTML (the cart from storage, an account's
 * pages, a sign-in redirect) never pushes it down the screen (it caused CLS up to 0.62).
 */
export default function StorefrontLayout() {
  return (
    <ShopperCurrency>
      <Header />
      <SeasonBanner />
      <main id="main" data-testid="page" className="min-h-svh">
        <Outlet />
      </main>
      <Footer />
      <ChatButton />
    </ShopperCurrency>
  );
}

/** The display currency the server rendered in, for every price on the storefront. */
function ShopperCurrency({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return (
    <DisplayCurrencyProvider code={root?.currency} listed={root?.currencies}>
      {children}
    </DisplayCurrencyProvider>
  );
}

/** A failing storefront screen keeps the header and footer, with a retry in between. */
export function ErrorBoundary() {
  return (
    <ShopperCurrency>
      <Header />
      <main id="main" data-testid="page" className="min-h-svh">
        <ErrorPanel />
      </main>
      <Footer />
    </ShopperCurrency>
  );
}
