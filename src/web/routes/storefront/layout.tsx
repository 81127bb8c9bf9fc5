import { Outlet } from "react-router";
import { ChatButton } from "../../components/layout/chat-button.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

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
