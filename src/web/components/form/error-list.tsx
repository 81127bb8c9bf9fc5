import { useMessageText } from "./messages.ts";

/**
 * A form's problems that belong to no single field (a 409, a network failure), announced
 * when they appear. Texts go through the one translator; renders nothing when empty.
 */
export function ErrorList({
  messages,
  title,
}: {
  messages: readonly (string | null | undefined)[];
  title?: string;
}) {
  const text = useMessageText();
  const shown = [...new Set(messages.filter((m): m is string => Boolean(m)))];
  return (
    <div role="alert" data-testid="form-errors">
      {shown.length > 0 ? (
        <div className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-800">
          {title ? <p className="font-bold">{title}</p> : null}
          {shown.length === 1 && !title ? (
            <p>{text(shown[0])}</p>
          ) : (
            <ul className="list-disc ps-5">
              {shown.map((message) => (
                <li key={message}>{text(message)}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
