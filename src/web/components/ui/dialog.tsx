import { Dialog as RadixDialog } from "radix-ui";
import { useRef } from "react";
import { useTranslation } from "../../i18n/translator.tsx";
import { CloseIcon } from "./icons.tsx";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; leave empty when the body explains itself. */
  description?: string;
  children: React.ReactNode;
  /** Optional element that opens it (focus returns there on close, as it does to whatever
   * had focus when it opened programmatically). */
  trigger?: React.ReactNode;
  size?: "sm" | "md" | "lg";
  /** The dialog's test id (default "dialog"). */
  testId?: string;
};

const WIDTH = { sm: "28rem", md: "36rem", lg: "52rem" } as const;

/**
 * THE dialog (modals close on Escape, on a backdrop click or with the close
 * button). Radix traps focus inside and returns it to where it was on close.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  trigger,
  size = "md",
  testId = "dialog",
}: DialogProps) {
  const { t } = useTranslation("messages");
  // Radix returns focus to its Trigger only; a dialog opened from a table row's button (no
  // Trigger) would drop focus on <body>. Remember what had focus as it opens, in render,
  // before the dialog's own focus trap moves it.
  const returnTo = useRef<HTMLElement | null>(null);
  if (open && !returnTo.current && typeof document !== "undefined")
    returnTo.current = document.activeElement as HTMLElement | null;
  if (!open && returnTo.current && typeof document !== "undefined") {
    const target = returnTo.current;
    returnTo.current = null;
    queueMicrotask(() => {
      if (target.isConnected) target.focus();
    });
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className="fixed inset-0 z-40 bg-ink/50"
          data-testid="dialog-backdrop"
        />
        <RadixDialog.Content
          data-testid={testId}
          className="fixed inset-x-0 top-[5vh] z-50 mx-auto flex max-h-[90vh] flex-col rounded-xl bg-white shadow-xl"
          style={{ width: `min(${WIDTH[size]}, calc(100vw - 2rem))` }}
          {...(description ? {} : { "aria-describedby": undefined })}
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-brown">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-muted">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close asChild>
              <button
                type="button"
                className="rounded-md p-1 hover:bg-line"
                aria-label={t("ui.close")}
                data-testid="dialog-close"
              >
                <CloseIcon className="size-5" />
              </button>
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-6 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type ConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The dismiss button's text (default "Cancel"): say what it keeps when "Cancel" would be
   * ambiguous, as beside "Cancel order". */
  cancelLabel?: string;
  /** The confirmed action; the dialog stays open (busy) until it settles, closes on success. */
  onConfirm: () => unknown;
  pending?: boolean;
  /** A failure to show inside the dialog (already translated). */
  error?: string | null;
  tone?: "danger" | "default";
  /** Optional inputs that go with the answer (a cancel reason), shown above the buttons. */
  children?: React.ReactNode;
  /** The answer cannot be given yet (the dialog's text says why); only "cancel" is offered. */
  confirmDisabled?: boolean;
};

/** A yes/no question before something that cannot be undone (delete, cancel an order). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error,
  tone = "danger",
  children,
  confirmDisabled = false,
}: ConfirmProps) {
  const { t } = useTranslation("messages");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      testId="confirm-dialog"
    >
      {children}
      <div role="alert" className="min-h-0 text-sm font-semibold text-red-700">
        {error ?? ""}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={() => onOpenChange(false)}>
          {cancelLabel ?? t("ui.cancel")}
        </button>
        <button
          type="button"
          className={`btn ${tone === "danger" ? "bg-red-700 text-white hover:bg-red-800 disabled:opacity-60" : "btn-primary"}`}
          disabled={pending || confirmDisabled}
          aria-busy={pending || undefined}
          onClick={() => void onConfirm()}
          data-testid="confirm-button"
        >
          {pending ? t("ui.working") : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
