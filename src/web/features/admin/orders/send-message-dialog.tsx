import { useState } from "react";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { messagingLink } from "../../../lib/messaging.ts";
import { MESSAGE_FAILED, useCustomerMessage } from "./api/customer-message.ts";

registerMessages({ MESSAGE_FAILED }, (id) => `admin-orders:sendMessage.errors.${id}`);

/**
 * "Send on WhatsApp" on the order desk. The message (the order's state, total and a
 * private link, in the ORDER's language) is prepared by the server, shown for the owner to
 * read, and opened in the messaging app already filled in for the customer's number.
 */
export function SendMessageButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation("admin-orders");
  const text = useMessageText();
  const message = useCustomerMessage(orderId);
  const [open, setOpen] = useState(false);
  const data = message.data;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        disabled={message.isPending}
        data-testid="send-whatsapp"
        onClick={() => {
          setOpen(true);
          message.mutate();
        }}
      >
        {t("sendMessage.button")}
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t("sendMessage.title")}
        description={t("sendMessage.intro")}
        testId="send-message-dialog"
      >
        {message.isPending ? (
          <p role="status">{t("sendMessage.preparing")}</p>
        ) : message.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-red-700">{text(message.error.message)}</p>
            <button type="button" className="btn btn-outline" onClick={() => message.mutate()}>
              {t("sendMessage.retry")}
            </button>
          </div>
        ) : data ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted">
              {t("sendMessage.inLanguage", { language: t(`sendMessage.languages.${data.lang}`) })}
            </p>
            <pre
              className="whitespace-pre-wrap rounded-md border border-line bg-cream p-3 font-sans"
              lang={data.lang}
              dir={data.lang === "ar" ? "rtl" : "ltr"}
              data-testid="message-preview"
            >
              {data.text}
            </pre>
            {data.phone ? null : (
              <p className="text-sm text-muted" role="note">
                {t("sendMessage.noNumber")}
              </p>
            )}
            <a
              className="btn btn-primary self-start"
              href={messagingLink(data.phone ?? "", data.text)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="open-whatsapp"
            >
              {t("sendMessage.open")}
            </a>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
