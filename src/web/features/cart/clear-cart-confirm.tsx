import { AlertDialog } from "radix-ui";
import { useTranslation } from "../../i18n/translator.tsx";

/**
 * The confirmation itself, loaded when 'Clear cart' is first pressed (clear-cart-dialog.tsx):
 * Radix's alert dialog is 12.8 KB gzip that every cart visit would otherwise download.
 * Closing unmounts it; Radix's focus scope then returns focus to the button.
 */
export default function ClearCartConfirm({
  onConfirm,
  onClose,
}: {
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("cart");
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <AlertDialog.Content className="fixed inset-0 z-50 m-auto h-fit w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-bold text-brown">
            {t("clear.title")}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">
            {t("clear.description")}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn btn-outline">
                {t("clear.cancel")}
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="btn btn-primary" onClick={onConfirm}>
                {t("clear.confirm")}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
