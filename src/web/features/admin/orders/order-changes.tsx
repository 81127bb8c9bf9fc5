import { useState } from "react";
import { isEditable, isWeighable } from "../../../../shared/domain/order-changes.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useEditOrderLines } from "./api/edit-order-lines.ts";
import { useCreatePaymentLink } from "./api/payment-link.ts";
import { useRefundOrder } from "./api/record-payment.ts";
import { useRecordWeights } from "./api/record-weights.ts";
import { type DraftLine, NewOrderLines } from "./new-order-lines.tsx";
import { usePaymentText } from "./payment-text.ts";

type Order = AdminOrderDetail;

/** The problems of a failed write: its message and each field's, for the dialog's list. */
function problems(error: unknown): string[] {
  if (!(error instanceof ApiError)) return error instanceof Error ? [error.message] : [];
  const fields = Object.values(error.errors ?? {}).flat();
  return fields.length > 0 ? fields : [error.message];
}

/** The desk's buttons beside the lines: change them (until shipped) and record weights. */
export function LineActions({ order }: { order: Order }) {
  const { t } = useTranslation("admin-orders");
  const [editing, setEditing] = useState(false);
  const [weighing, setWeighing] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {isEditable(order.status) ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setEditing(true)}
          data-testid="edit-lines"
        >
          {t("changes.edit")}
        </button>
      ) : null}
      {isWeighable(order.status) ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setWeighing(true)}
          data-testid="record-weights"
        >
          {t("changes.weigh")}
        </button>
      ) : null}
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t("changes.editTitle", { number: order.number })}
        description={t("changes.editIntro")}
        size="lg"
        testId="edit-lines-dialog"
      >
        {editing ? <EditLinesForm order={order} onDone={() => setEditing(false)} /> : null}
      </Dialog>
      <Dialog
        open={weighing}
        onOpenChange={setWeighing}
        title={t("changes.weighTitle", { number: order.number })}
        description={t("changes.weighIntro")}
        testId="weights-dialog"
      >
        {weighing ? <WeightsForm order={order} onDone={() => setWeighing(false)} /> : null}
      </Dialog>
    </div>
  );
}

function EditLinesForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation("admin-orders");
  const toast = useToasts();
  const edit = useEditOrderLines(order.id);
  const text = usePaymentText();
  // Lines whose product was deleted cannot be changed: they are kept as they are.
  const fixed = order.lines.filter((line) => line.product_id === null);
  const [lines, setLines] = useState<DraftLine[]>(
    order.lines
      .filter((line) => line.product_id !== null)
      .map((line) => ({
        key: `line-${line.line_id}`,
        lineId: line.line_id,
        productId: line.product_id!,
        name: line.name,
        nameAr: line.name_ar,
        grams: line.grams,
        qty: line.qty,
      })),
  );
  const stale = edit.error instanceof ApiError && edit.error.status === 409;
  const save = () =>
    edit
      .mutateAsync({
        version: order.version,
        lines: [
          ...fixed.map((line) => ({ line_id: line.line_id, grams: line.grams, qty: line.qty })),
          ...lines.map((line) =>
            line.lineId
              ? { line_id: line.lineId, grams: line.grams, qty: line.qty }
              : { product_id: line.productId, grams: line.grams, qty: line.qty },
          ),
        ],
      })
      .then(
        () => {
          toast.success(t("changes.saved"));
          onDone();
        },
        () => {},
      );
  return (
    <div className="flex flex-col gap-4">
      <NewOrderLines lines={lines} onChange={setLines} error={null} />
      <ErrorList messages={edit.isError ? problems(edit.error).map(text) : []} />
      <div className="flex flex-wrap justify-end gap-2">
        {stale ? (
          <button type="button" className="btn btn-secondary" onClick={onDone}>
            {t("changes.reload")}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={edit.isPending || lines.length + fixed.length === 0}
          onClick={() => void save()}
          data-testid="save-lines"
        >
          {t("changes.save")}
        </button>
      </div>
    </div>
  );
}

function WeightsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const toast = useToasts();
  const weigh = useRecordWeights(order.id);
  const text = usePaymentText();
  const [grams, setGrams] = useState<Record<number, string>>(
    Object.fromEntries(
      order.lines.map((line) => [line.line_id, line.weighed_grams?.toString() ?? ""]),
    ),
  );
  const save = () => {
    const lines = order.lines
      .filter((line) => (grams[line.line_id] ?? "").trim() !== "")
      .map((line) => ({
        line_id: line.line_id,
        weighed_grams: Number((grams[line.line_id] ?? "").replace(/[,\s]/g, "")),
      }));
    return weigh.mutateAsync({ lines }).then(
      () => {
        toast.success(t("changes.weightsSaved"));
        onDone();
      },
      () => {},
    );
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {order.lines.map((line) => {
        const id = `weighed-${line.line_id}`;
        return (
          <div key={line.line_id} className="flex flex-wrap items-end gap-3">
            <label htmlFor={id} className="flex flex-1 flex-col text-sm">
              <span>
                {pickText(lang, line.name, line.name_ar)} ·{" "}
                {t("changes.ordered", { grams: (line.grams * line.qty).toLocaleString(lang) })}
              </span>
              <input
                id={id}
                className="input"
                inputMode="numeric"
                dir="ltr"
                value={grams[line.line_id] ?? ""}
                onChange={(event) => setGrams({ ...grams, [line.line_id]: event.target.value })}
                data-testid="weighed-grams"
              />
            </label>
            <span className="pb-2 text-sm">{t("changes.grams")}</span>
          </div>
        );
      })}
      <ErrorList messages={weigh.isError ? problems(weigh.error).map(text) : []} />
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={weigh.isPending}
          data-testid="save-weights"
        >
          {t("changes.saveWeights")}
        </button>
      </div>
    </form>
  );
}

/**
 * A refund: everything received, an amount, or chosen lines (their stock back or not). One
 * Idempotency-Key per opening of the dialog: a retried click after a timeout refunds once.
 */
export function RefundDialog({
  order,
  open,
  onOpenChange,
}: {
  order: Order;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("admin-orders");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("refund.title")}
      description={t("refund.question", { number: order.number })}
      testId="refund-dialog"
    >
      {open ? <RefundForm order={order} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function RefundForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const text = usePaymentText();
  const toast = useToasts();
  const refund = useRefundOrder(order.id);
  const [key] = useState(() => crypto.randomUUID());
  const [mode, setMode] = useState<"all" | "amount" | "lines">("all");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [chosen, setChosen] = useState<Record<number, { on: boolean; restock: boolean }>>({});
  const open = order.lines.filter((line) => line.refunded === 0);
  const submit = () => {
    const body =
      mode === "amount"
        ? { amount, note: note.trim() || null }
        : mode === "lines"
          ? {
              note: note.trim() || null,
              lines: open
                .filter((line) => chosen[line.line_id]?.on)
                .map((line) => ({
                  line_id: line.line_id,
                  restock: chosen[line.line_id]?.restock ?? false,
                })),
            }
          : { note: note.trim() || null };
    return refund.mutateAsync({ body, key }).then(
      () => {
        toast.success(t("refund.done"));
        onDone();
      },
      () => {},
    );
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="font-semibold">{t("refund.what")}</legend>
        {(["all", "amount", "lines"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="refund-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              data-testid={`refund-mode-${value}`}
            />
            {t(`refund.modes.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === "amount" ? (
        <label className="flex flex-col text-sm">
          {t("refund.amount")}
          <input
            className="input"
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            data-testid="refund-amount"
          />
        </label>
      ) : null}
      {mode === "lines" ? (
        <ul className="flex flex-col gap-2">
          {open.map((line) => (
            <li key={line.line_id} className="flex flex-wrap items-center gap-3">
              <label className="flex flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  checked={chosen[line.line_id]?.on ?? false}
                  onChange={(event) =>
                    setChosen({
                      ...chosen,
                      [line.line_id]: {
                        on: event.target.checked,
                        restock: chosen[line.line_id]?.restock ?? false,
                      },
                    })
                  }
                  data-testid="refund-line"
                />
                <span>
                  {pickText(lang, line.name, line.name_ar)} ·{" "}
                  <Price amount={line.line_total} lang={lang} />
                </span>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen[line.line_id]?.restock ?? false}
                  onChange={(event) =>
                    setChosen({
                      ...chosen,
                      [line.line_id]: {
                        on: chosen[line.line_id]?.on ?? false,
                        restock: event.target.checked,
                      },
                    })
                  }
                />
                {t("refund.restock")}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="flex flex-col text-sm">
        {t("refund.note")}
        <textarea
          className="input min-h-16"
          dir="auto"
          value={note}
          maxLength={2000}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <ErrorList messages={refund.isError ? problems(refund.error).map(text) : []} />
      <div className="flex justify-end">
        <button
          type="submit"
          className="btn px-3 text-red-700 hover:bg-red-50"
          disabled={refund.isPending}
          data-testid="confirm-refund"
        >
          {t("refund.confirm")}
        </button>
      </div>
    </form>
  );
}

/**
 * What the order still owes, and a card payment link for it: copied, or e-mailed to the
 * customer in the order's language. Paid, the panel's badge says so.
 */
export function PaymentLinkBox({ order, cardOffered }: { order: Order; cardOffered: boolean }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const toast = useToasts();
  const create = useCreatePaymentLink(order.id);
  const text = usePaymentText();
  const [email, setEmail] = useState(Boolean(order.email));
  if (order.status === "canceled" || order.balance_due <= 0) return null;
  const link = create.data?.url ?? order.payment_url;
  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-line pt-3" data-testid="payment-link">
      <p>
        <span className="font-semibold">
          {order.payment_method === "cod" ? t("changes.toCollect") : t("changes.balanceDue")}:{" "}
        </span>
        <span data-testid="balance-due">
          <Price amount={order.balance_due} lang={lang} />
        </span>
      </p>
      {cardOffered ? (
        <>
          {link ? (
            <div className="flex flex-wrap items-center gap-2">
              <input
                className="input min-w-0 flex-1"
                dir="ltr"
                readOnly
                value={link}
                aria-label={t("changes.link")}
                data-testid="payment-link-url"
              />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(link)
                    .then(() => toast.success(t("changes.copied")))
                }
              >
                {t("changes.copy")}
              </button>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            {order.email ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={email}
                  onChange={(event) => setEmail(event.target.checked)}
                />
                {t("changes.emailLink")}
              </label>
            ) : null}
            <button
              type="button"
              className="btn btn-primary"
              disabled={create.isPending}
              onClick={() =>
                create.mutate(
                  { send_email: email && Boolean(order.email) },
                  {
                    onSuccess: (answer) =>
                      toast.success(
                        answer.emailed ? t("changes.linkEmailed") : t("changes.linkMade"),
                      ),
                  },
                )
              }
              data-testid="create-payment-link"
            >
              {t("changes.makeLink")}
            </button>
          </div>
          <ErrorList messages={create.isError ? problems(create.error).map(text) : []} />
        </>
      ) : null}
    </div>
  );
}
