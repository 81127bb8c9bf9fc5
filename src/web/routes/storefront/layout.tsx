import { Outlet } from "react-router";
import { ChatButton } from "../../components/layout/chat-button.tsx";
import { ErrorPanel } from "../../components/layout/error-panel.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

export const handle = { i18n: ["footer"] as const };

/** The storefront shell: the app layer, where the header and footer compose the cart, account
 * and newsletter features. */
export default function StorefrontLayout() {
  return (
    <>
      <Header />
      <main id="main" data-testid="page">
        <Outlet />
      </main>
      <Footer />
      <ChatButton />
    </>
  );
}

/** A failing storefront screen keeps the header and footer, with a retry in between. */
export function ErrorBoundary() {
  return (
    <>
      <Header />
      <main id="main" data-testid="page">
        <ErrorPanel />
      </main>
      <Footer />
    </>
  );
}
