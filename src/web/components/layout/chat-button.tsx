import { useMatches } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { messagingLink } from "../../lib/messaging.ts";
import { useRootData } from "../../lib/use-root-data.ts";
import { ChatIcon } from "../ui/icons.tsx";

/**
 * A floating button that opens a messaging-app conversation with the business. Pages
 * whose buttons and totals run the full width of a phone (cart, checkout, the order page) set
 * `handle.quietChat`: there it stays off phones, where it covered "Apply" and the
 * total; the footer's contact links remain.
 */
export function ChatButton() {
  const { t } = useTranslation();
  const { shop } = useRootData();
  const quiet = useMatches().some(
    (match) => (match.handle as { quietChat?: boolean } | undefined)?.quietChat,
  );
  // In a labelled landmark of its own, so assistive technology can find it like the rest.
  return (
    <aside aria-label={t("chat.label")}>
      <a
        href={messagingLink(shop.messagingNumber, t("chat.message"))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t("chat.label")}
        data-testid="chat-button"
        className={`${quiet ? "max-sm:hidden " : ""}fixed end-4 bottom-4 z-40 inline-flex size-14 items-center justify-center rounded-full bg-pistachio text-white shadow-lg hover:brightness-110`}
      >
        <ChatIcon className="size-7" />
      </a>
    </aside>
  );
}
