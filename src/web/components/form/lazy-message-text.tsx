import { lazy, Suspense } from "react";

const load = () => import("./message-text.tsx");
const MessageText = lazy(() => load().then((m) => ({ default: m.MessageText })));

/**
 * Start loading the message translator (call it when a form is sent, so it is there when the
 * answer is). The translator and its tables are ~5 KB gzip (9 with the country names) that a
 * page held to the 140 KB budget (contact: 142 KB with them) only needs once the
 * server refuses.
 */
export function preloadMessageText(): void {
  void load();
}

/**
 * A server or schema message through THE message translator (`useMessageText`), loaded on
 * first use: for the light storefront forms. Nothing shows for the moment it loads.
 */
export function LazyMessageText({ text }: { text: string }) {
  return (
    <Suspense fallback={null}>
      <MessageText text={text} />
    </Suspense>
  );
}
