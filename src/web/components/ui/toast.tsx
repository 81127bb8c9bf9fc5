import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { CloseIcon } from "./icons.tsx";

type ToastMessage = { id: number; text: string };

/**
 * A short confirmation in a polite live region (never a blocking alert()). The
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
      // On a phone it drops from the top (over the header), not over the weight and quantity
      // pickers the shopper is still using; on wider screens, above the chat button.
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-4 sm:top-auto sm:bottom-20"
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

type Tone = "success" | "error";
type QueuedToast = { id: number; text: string; tone: Tone };
type ToastApi = { success: (text: string) => void; error: (text: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts for a whole layout (the back office): `useToasts().success("Saved")` from any screen.
 * Successes go to a polite live region, failures to an assertive one; each hides after
 * `duration` ms or on its close button, and several can stack.
 */
export function ToastProvider({
  children,
  duration = 5000,
}: {
  children: React.ReactNode;
  duration?: number;
}) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const counter = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const push = useCallback(
    (text: string, tone: Tone) => {
      counter.current += 1;
      const id = counter.current;
      setToasts((list) => [...list.slice(-2), { id, text, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), duration),
      );
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (text) => push(text, "success"), error: (text) => push(text, "error") }),
    [push],
  );

  const region = (tone: Tone) => (
    <div
      role={tone === "error" ? "alert" : "status"}
      aria-live={tone === "error" ? "assertive" : "polite"}
      className="flex flex-col items-center gap-2"
    >
      {toasts
        .filter((toast) => toast.tone === tone)
        .map((toast) => (
          <div
            key={toast.id}
            data-testid="toast"
            data-tone={tone}
            className={`pointer-events-auto flex max-w-md items-center gap-3 rounded-lg px-4 py-3 text-white shadow-lg ${tone === "error" ? "bg-red-800" : "bg-ink"}`}
          >
            <span>{toast.text}</span>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded p-1 hover:bg-white/20"
              aria-label={t("toast.close")}
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-6 z-[60] flex flex-col items-center gap-2 px-4">
        {region("error")}
        {region("success")}
      </div>
    </ToastContext.Provider>
  );
}

/** The layout's toasts; outside a `ToastProvider` the calls do nothing (never a crash). */
export function useToasts(): ToastApi {
  return useContext(ToastContext) ?? NO_TOASTS;
}
const NO_TOASTS: ToastApi = { success: () => undefined, error: () => undefined };
