import { codeLater, HydrateLater } from "../../components/ui/hydrate-later.tsx";
import { useTranslation } from "../../i18n/translator.tsx";

// Below the fold on every page: its code comes when the browser is idle, and it hydrates when it
// comes near (docs/decisions/0032).
const FooterContent = codeLater(() => import("./footer-content.tsx"), "FooterContent");

export function Footer() {
  const { i18n } = useTranslation();
  return (
    <HydrateLater as="footer" className="mt-16 bg-brown text-cream" dir={i18n.dir()}>
      <FooterContent />
    </HydrateLater>
  );
}
