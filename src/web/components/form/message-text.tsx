import { useMessageText } from "./messages.ts";

/** A server or schema message in the reader's language: `useMessageText` as a component. */
export function MessageText({ text }: { text: string }) {
  const translate = useMessageText();
  return <>{translate(text)}</>;
}
