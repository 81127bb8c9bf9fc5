import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { businessDate } from "../../../../shared/domain/business-time.ts";
import { adminOrderPaymentSchema } from "../../../../shared/schemas/admin-order.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { MARK_PAID_FAILED, useMarkPaid } from "./api/record-payment.ts";
import { usePaymentText } from "./payment-text.ts";

type PaymentInput = z.input<typeof adminOrderPaymentSchema>;
type PaymentValues = z.output<typeof adminOrderPaymentSchema>;
const FIELDS = ["amount", "paid_at", "note"] as const;

type Props = {
  orderId: number;
  orderNumber: string;
  /** Dollars: the form starts with the order's total. */
  total: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Mark paid": the owner records cash collected or a transfer received, with the
 * amount (the order's total unless told otherwise), the day it came and a note.
 */
export function MarkPaidDialog({ orderId, orderNumber, total, open, onOpenChange }: Props) {
  const { t } = useTranslation("admin-orders");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("markPaid.title")}
      description={t("markPaid.description", { number: orderNumber })}
      testId="mark-paid-dialog"
    >
      {open ? (
        <MarkPaidForm orderId={orderId} total={total} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function MarkPaidForm({
  orderId,
  total,
  onDone,
}: {
  orderId: number;
  total: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const text = usePaymentText();
  const toast = useToasts();
  const markPaid = useMarkPaid(orderId);
  const [banner, setBanner] = useState<string | null>(null);
  const today = businessDate(new Date());
  const form = useForm<PaymentInput, unknown, PaymentValues>({
    resolver: zodResolver(adminOrderPaymentSchema),
    defaultValues: { amount: total.toFixed(2), paid_at: today, note: "" },
  });
  const errors = form.formState.errors;
  const translated = (error: { message?: string } | undefined) =>
    error?.message ? { message: text(error.message) } : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      // The day as typed (the server reads it as an Asia/Damascus day), not the parsed instant.
      const day = String(form.getValues("paid_at") ?? "").trim();
      await markPaid.mutateAsync({
        amount: values.amount,
        ...(day ? { paid_at: day } : {}),
        note: values.note,
      });
      toast.success(t("markPaid.done"));
      onDone();
    } catch (error) {
      setBanner(setServerErrors(error, form.setError, FIELDS, MARK_PAID_FAILED));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field
        label={t("markPaid.amount")}
        hint={t("markPaid.amountHint")}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        required
        error={translated(errors.amount)}
        {...form.register("amount")}
      />
      <Field
        label={t("markPaid.paidAt")}
        type="date"
        dir="ltr"
        max={today}
        required
        error={translated(errors.paid_at)}
        {...form.register("paid_at")}
      />
      <Field
        as="textarea"
        label={t("markPaid.note")}
        hint={t("markPaid.noteHint")}
        dir="auto"
        maxLength={2000}
        error={translated(errors.note)}
        {...form.register("note")}
      />
      <ErrorList messages={[text(banner)]} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t("messages:ui.cancel")}
        </button>
        <SubmitButton pending={markPaid.isPending}>{t("markPaid.confirm")}</SubmitButton>
      </div>
    </form>
  );
}
