import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/translator.tsx";

const ClearCartConfirm = lazy(() => import("./clear-cart-confirm.tsx"));

/**
 * 'Clear cart' asks first, in an accessible dialog rather than window.confirm. The
 * dialog's code arrives on the first press, not with the page.
 */
export function ClearCartDialog({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation("cart");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Closing unmounts the dialog: focus goes back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {t("clear.button")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ClearCartConfirm onConfirm={onConfirm} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
