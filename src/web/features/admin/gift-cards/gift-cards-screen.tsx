import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { formatGiftCardCode, GIFT_CARD_MESSAGES } from "../../../../shared/domain/gift-cards.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import type { GiftCardDto } from "../../../../shared/schemas/gift-cards.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SEARCH_PAUSE_MS } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useGiftCard } from "./api/get-gift-card.ts";
import {
  GIFT_CARD_ISSUE_FAILED,
  type GiftCardIssueInput,
  useIssueGiftCard,
} from "./api/issue-gift-card.ts";
import { GIFT_CARDS_LOAD_FAILED, useGiftCards } from "./api/list-gift-cards.ts";
import { GIFT_CARD_VOID_FAILED, useVoidGiftCard } from "./api/void-gift-card.ts";
import { GiftCardOfferForm } from "./gift-card-offer-form.tsx";

registerMessages(
  { LOAD: GIFT_CARDS_LOAD_FAILED, ISSUE: GIFT_CARD_ISSUE_FAILED, VOID: GIFT_CARD_VOID_FAILED },
  (id) => `admin-gift-cards:messages.${id}`,
);
registerMessages(GIFT_CARD_MESSAGES, (id) => `messages:giftCard.${id}`);

/**
 * Gift cards (owner): look one up by its code's last four, issue one, see its ledger, void it;
 * and set the gift card product the storefront sells.
 */
export function GiftCardsScreen() {
  const { t } = useTranslation(["admin-gift-cards", "admin"]);
  const lang = useLang();
  const [lastFour, setLastFour] = useState("");
  const list = useGiftCards(/^[A-Za-z0-9]{4}$/.test(lastFour) ? lastFour : "");
  const [issuing, setIssuing] = useState(false);
  const [offering, setOffering] = useState(false);
  const [shown, setShown] = useState<GiftCardDto | null>(null);
  const voidCard = useVoidGiftCard();
  const money = (dollars: number) => (
    <span dir="ltr" className="tabular-nums">
      {formatMoney(toCents(dollars), lang)}
    </span>
  );

  const columns: Column<GiftCardDto>[] = [
    {
      key: "code",
      header: t("code"),
      cell: (c) => (
        <code dir="ltr" className="font-semibold">
          …{c.last_four}
        </code>
      ),
    },
    { key: "initial", header: t("initial"), numeric: true, cell: (c) => money(c.initial) },
    { key: "balance", header: t("balance"), numeric: true, cell: (c) => money(c.balance) },
    { key: "recipient", header: t("recipient"), cell: (c) => c.recipient_email ?? "" },
    {
      key: "source",
      header: t("source"),
      // A card bought in an order links to it; the others were the shop's own (goodwill).
      cell: (c) =>
        c.order_id !== null ? (
          <Link to={`/admin-orders/${c.order_id}`} data-testid="gift-card-order">
            {t("fromOrder", { id: c.order_id })}
          </Link>
        ) : (
          t("goodwill")
        ),
    },
    {
      key: "status",
      header: t("status"),
      cell: (c) =>
        c.status === "void" ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">
            {t("void")}
          </span>
        ) : (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
            {t("active")}
          </span>
        ),
    },
  ];

  return (
    <ListScreen
      title={t("title")}
      intro={<p className="text-muted">{t("intro")}</p>}
      list={list}
      fetchFallback={GIFT_CARDS_LOAD_FAILED}
      columns={columns}
      emptyText={t("empty")}
      filtered={lastFour !== ""}
      search={{
        label: t("search"),
        delay: SEARCH_PAUSE_MS.coupons,
        onSearch: (text) => setLastFour(text.trim()),
      }}
      filters={
        <button
          type="button"
          className="btn btn-outline"
          data-testid="gift-card-offer-open"
          onClick={() => setOffering(true)}
        >
          {t("offer.open")}
        </button>
      }
      addLabel={t("issue")}
      onAdd={() => setIssuing(true)}
      testId="gift-cards-table"
      editLabel={(c) => t("showNamed", { last: c.last_four })}
      deleteLabel={(c) => t("voidNamed", { last: c.last_four })}
      onEdit={setShown}
      remove={{
        mutation: voidCard,
        title: t("voidTitle"),
        description: (c) => t("voidQuestion", { last: c.last_four }),
        doneText: () => t("voided"),
      }}
    >
      <Dialog
        open={issuing}
        onOpenChange={setIssuing}
        title={t("issueTitle")}
        testId="gift-card-dialog"
      >
        {issuing ? <IssueForm onDone={() => setIssuing(false)} /> : null}
      </Dialog>
      <Dialog
        open={offering}
        onOpenChange={setOffering}
        title={t("offer.title")}
        testId="gift-card-offer-dialog"
      >
        {offering ? <GiftCardOfferForm onDone={() => setOffering(false)} /> : null}
      </Dialog>
      <Dialog
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null);
        }}
        title={t("ledgerTitle", { last: shown?.last_four ?? "" })}
        testId="gift-card-ledger"
      >
        <Ledger id={shown?.id ?? null} />
      </Dialog>
    </ListScreen>
  );
}

function IssueForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("admin-gift-cards");
  const issue = useIssueGiftCard();
  const [code, setCode] = useState<string | null>(null);
  const form = useForm<GiftCardIssueInput>({
    defaultValues: { amount: "", recipient_email: "", note: "", lang: "en" },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: ["amount", "recipient_email", "note", "lang"],
    save: async (values) => setCode((await issue.mutateAsync(values)).data.code),
    doneText: t("issued"),
    failText: GIFT_CARD_ISSUE_FAILED,
    // The dialog stays open on the code: it is shown this once.
    onDone: () => {},
  });
  if (code)
    return (
      <div className="space-y-4">
        <p>{t("codeOnce")}</p>
        <p
          dir="ltr"
          className="rounded-md bg-cream p-3 text-center font-mono text-xl font-bold"
          data-testid="gift-card-code"
        >
          {formatGiftCardCode(code)}
        </p>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("done")}
        </button>
      </div>
    );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t("amount")}
        inputMode="decimal"
        dir="ltr"
        required
        error={errors.amount}
        {...register("amount")}
      />
      <Field
        as="select"
        label={t("lang")}
        options={[
          { value: "en", label: "English" },
          { value: "ar", label: "العربية" },
        ]}
        error={errors.lang}
        {...register("lang")}
      />
      <Field
        label={t("recipient")}
        type="email"
        dir="ltr"
        error={errors.recipient_email}
        className="sm:col-span-2"
        {...register("recipient_email")}
      />
      <Field
        as="textarea"
        label={t("note")}
        rows={2}
        error={errors.note}
        className="sm:col-span-2"
        {...register("note")}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <RecordFormActions banner={banner} onCancel={onDone} pending={issue.isPending} />
      </div>
    </form>
  );
}

function Ledger({ id }: { id: number | null }) {
  const { t } = useTranslation("admin-gift-cards");
  const lang = useLang();
  const card = useGiftCard(id);
  if (!card.data) return <p className="text-muted">{t("loading")}</p>;
  return (
    <ul className="space-y-1" data-testid="gift-card-entries">
      {card.data.entries.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the ledger never reorders
        <li key={i} className="flex justify-between gap-4">
          <span>
            {t(`kinds.${entry.kind}`)}
            {entry.order_id ? ` (#${entry.order_id})` : ""}
          </span>
          <span dir="ltr" className="tabular-nums">
            {formatMoney(toCents(entry.amount), lang)}
          </span>
        </li>
      ))}
    </ul>
  );
}
