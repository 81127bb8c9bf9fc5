import { useState } from "react";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useApproveTrader } from "./api/approve-trader.ts";
import { usePriceLists } from "./api/list-price-lists.ts";

/**
 * "Approve as trader" in a trader enquiry: its price list, payment terms and credit limit; the
 * server makes the account and e-mails the invitation in the enquiry's language.
 */
export function ApproveTraderPanel({
  enquiryId,
  onDone,
}: {
  enquiryId: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(["admin-inbox", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const [open, setOpen] = useState(false);
  const lists = usePriceLists(open);
  const approve = useApproveTrader();
  const [listId, setListId] = useState("");
  const [termsDays, setTermsDays] = useState("0");
  const [creditLimit, setCreditLimit] = useState("0");
  const errors = approve.error instanceof ApiError ? approve.error.errors : {};

  if (!open)
    return (
      <button
        type="button"
        className="btn btn-outline self-start"
        data-testid="approve-trader"
        onClick={() => setOpen(true)}
      >
        {t("approve.button")}
      </button>
    );

  const submit = async () => {
    try {
      await approve.mutateAsync({
        enquiryId,
        terms: {
          price_list_id: listId ? Number(listId) : null,
          terms_days: Number(termsDays),
          credit_limit: Number(creditLimit.replace(",", ".")),
        },
      });
      toast.success(t("approve.done"));
      onDone();
    } catch {
      // shown below
    }
  };

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
      data-testid="approve-panel"
    >
      <legend className="px-1 font-semibold">{t("approve.title")}</legend>
      <Field
        as="select"
        label={t("approve.priceList")}
        value={listId}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => setListId(event.target.value)}
        options={[
          { value: "", label: t("approve.retail") },
          ...(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name })),
        ]}
        error={errors.price_list_id?.[0] ? { message: errors.price_list_id[0] } : undefined}
      />
      <Field
        label={t("approve.termsDays")}
        inputMode="numeric"
        value={termsDays}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setTermsDays(event.target.value)}
        error={errors.terms_days?.[0] ? { message: errors.terms_days[0] } : undefined}
      />
      <Field
        label={t("approve.creditLimit")}
        inputMode="decimal"
        value={creditLimit}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
          setCreditLimit(event.target.value)
        }
        error={errors.credit_limit?.[0] ? { message: errors.credit_limit[0] } : undefined}
      />
      <ErrorList
        messages={[
          approve.isError
            ? text(
                approve.error instanceof ApiError ? approve.error.message : MESSAGES.UPDATE_FAILED,
              )
            : null,
        ]}
      />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
          {t("messages:ui.cancel")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={approve.isPending}
          data-testid="approve-submit"
          onClick={() => void submit()}
        >
          {t("approve.submit")}
        </button>
      </div>
    </fieldset>
  );
}
