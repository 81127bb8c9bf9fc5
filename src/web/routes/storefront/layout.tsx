import { Outlet } from "react-router";
import { ChatButton } from "../../components/layout/chat-button.tsx";
import { Footer } from "../../components/layout/footer.tsx";
import { Header } from "../../components/layout/header.tsx";

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
