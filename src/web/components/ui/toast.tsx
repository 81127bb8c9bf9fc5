import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons.tsx";

type ToastMessage = { id: number; text: string };

/**
 * A short confirmation in a polite live region (DECISIONS: never a blocking alert()). The
 * region is always in the page, so screen readers announce text put into it; the message
 * hides itself after `duration` ms or on its close button.
 */
export function useToast(duration = 4000) {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const counter = useRef(0);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), duration);
    return () => clearTimeout(timer);
  }, [message, duration]);

  const show = useCallback((text: string) => {
    counter.current += 1;
    setMessage({ id: counter.current, text });
  }, []);

  const toast = <ToastRegion message={message} onClose={() => setMessage(null)} />;
  return { show, toast };
}

function ToastRegion({ message, onClose }: { message: ToastMessage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4"
    >
      {message ? (
        <div
          key={message.id}
          data-testid="toast"
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-lg bg-ink px-4 py-3 text-white shadow-lg"
        >
          <span>{message.text}</span>
          <button
            type="button"
            onClick={onClose}
            className="rounded p-1 hover:bg-white/20"
            aria-label={t("toast.close")}
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
