import { useTranslation } from "react-i18next";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { ORDER_MESSAGES } from "../../../shared/schemas/order.ts";

const KNOWN: Array<[id: string, english: string]> = [
  ["NAME_REQUIRED", MESSAGES.NAME_REQUIRED],
  ...Object.entries(ORDER_MESSAGES),
];

/**
 * The schema and the server speak English; a known message is shown in the page's
 * language by its id, anything else (a server sentence we do not know) as it came.
 */
export function useErrorText(): (message: string | undefined) => string {
  const { t } = useTranslation("checkout");
  return (message) => {
    if (!message) return "";
    const known = KNOWN.find(([, english]) => message === english || message.startsWith(english));
    return known ? t(`errors.${known[0]}`) : message;
  };
}
