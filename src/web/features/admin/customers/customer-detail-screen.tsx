import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { displayPhone } from "../../../../shared/domain/phone.ts";
import {
  type AdminCustomerDetail,
  CUSTOMER_MESSAGES,
  type CustomerOrder,
  customerNoteInputSchema,
} from "../../../../shared/schemas/admin-customers.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import { useAddCustomerNote } from "./api/add-customer-note.ts";
import { useCustomer } from "./api/get-customer.ts";

registerMessages(CUSTOMER_MESSAGES, (id) => `admin-customers:errors.${id}`);

/** One customer: the summary, their orders (to the orders desk) and the staff's notes. */
export function CustomerDetailScreen({ customerKey }: { customerKey: string }) {
  const { t } = useTranslation(["admin-customers", "messages"]);
  const text = useMessageText();
  const customer = useCustomer(customerKey);

  if (customer.isPending)
    return (
      <p role="status" className="p-4">
        {t("loading")}
      </p>
    );
  if (customer.isError)
    return (
      <section className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-700">
          {text(customer.error.message)}
        </p>
        <Link to={paths.admin.customers()} className="btn btn-outline">
          {t("back")}
        </Link>
      </section>
    );
  const c = customer.data;
  return (
    <section className="flex flex-col gap-6" data-testid="customer-detail">
      <div>
        <Link to={paths.admin.customers()} className="text-sm text-brown underline">
          {t("back")}
        </Link>
        <h1 className="text-2xl font-bold text-brown" dir="auto">
          {c.name || t("noName")}
        </h1>
        <p className="text-muted">{t(`kind.${c.kind}`)}</p>
      </div>
      <Summary customer={c} />
      <Orders orders={c.orders} count={c.order_count} />
      <Notes customer={c} />
    </section>
  );
}

function Summary({ customer: c }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation("admin-customers");
  const lang = useLang();
  return (
    <dl
      className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-lg border border-line bg-white p-4"
      data-testid="customer-summary"
    >
      <Fact label={t("email")}>{c.email ? <span dir="ltr">{c.email}</span> : "—"}</Fact>
      <Fact label={t("phone")}>
        {c.phone ? <span dir="ltr">{displayPhone(c.phone, c.country)}</span> : "—"}
      </Fact>
      <Fact label={t("country")}>
        <span dir="ltr">{c.country ?? "—"}</span>
      </Fact>
      <Fact label={t("orders")}>{c.order_count}</Fact>
      <Fact label={t("spent")}>
        <Price amount={c.total_spent} lang={lang} />
      </Fact>
      <Fact label={t("lastOrder")}>
        {c.last_order_at ? (
          <time dateTime={c.last_order_at}>{formatDateTime(c.last_order_at, lang)}</time>
        ) : (
          t("never")
        )}
      </Fact>
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Orders({ orders, count }: { orders: CustomerOrder[]; count: number }) {
  const { t } = useTranslation(["admin-customers", "admin-orders"]);
  const lang = useLang();
  const columns: Column<CustomerOrder>[] = [
    {
      key: "number",
      header: t("order"),
      cell: (o) => (
        <Link
          to={paths.admin.order(o.id)}
          className="font-semibold text-brown underline"
          dir="ltr"
          data-testid="customer-order-link"
        >
          {o.number}
        </Link>
      ),
    },
    {
      key: "date",
      header: t("date"),
      cell: (o) => <time dateTime={o.created_at}>{formatDateTime(o.created_at, lang)}</time>,
    },
    { key: "status", header: t("status"), cell: (o) => t(`admin-orders:status.${o.status}`) },
    {
      key: "payment",
      header: t("payment"),
      cell: (o) => t(`admin-orders:paymentStatus.${o.payment_status}`),
    },
    { key: "country", header: t("country"), cell: (o) => <span dir="ltr">{o.country}</span> },
    {
      key: "total",
      header: t("total"),
      numeric: true,
      cell: (o) => <Price amount={o.total} lang={lang} />,
    },
  ];
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-xl font-bold text-brown">{t("ordersTitle")}</h2>
      {count > orders.length ? (
        <p className="text-sm text-muted">{t("latestOrders", { shown: orders.length, count })}</p>
      ) : null}
      <DataTable
        caption={t("ordersTitle")}
        columns={columns}
        rows={orders}
        rowKey={(o) => o.id}
        loading={false}
        error={null}
        onRetry={() => {}}
        emptyText={t("noOrders")}
        filtered={false}
        testId="customer-orders"
      />
    </section>
  );
}

type NoteInput = z.input<typeof customerNoteInputSchema>;
type NoteValues = z.output<typeof customerNoteInputSchema>;

function Notes({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation(["admin-customers", "messages"]);
  const lang = useLang();
  const text = useMessageText();
  const toast = useToasts();
  const add = useAddCustomerNote(customer.key);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<NoteInput, unknown, NoteValues>({
    resolver: zodResolver(customerNoteInputSchema),
    defaultValues: { body: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await add.mutateAsync(values);
      form.reset({ body: "" });
      toast.success(t("noteSaved"));
    } catch (error) {
      setBanner(setServerErrors(error, form.setError, ["body"], CUSTOMER_MESSAGES.NOTE_FAILED));
    }
  });

  return (
    <section className="flex flex-col gap-3" aria-labelledby="customer-notes-title">
      <h2 id="customer-notes-title" className="text-xl font-bold text-brown">
        {t("notesTitle")}
      </h2>
      {customer.notes.length === 0 ? (
        <p className="text-muted">{t("noNotes")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="customer-notes">
          {customer.notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-line bg-white p-3">
              <p className="whitespace-pre-line" dir="auto">
                {note.body}
              </p>
              <p className="mt-1 text-xs text-muted">
                {t("noteBy", {
                  name: note.author.name ?? t("formerAdmin"),
                  date: formatDateTime(note.created_at, lang),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex max-w-xl flex-col gap-3"
      >
        <Field
          as="textarea"
          label={t("addNote")}
          hint={t("noteHint")}
          dir="auto"
          maxLength={1000}
          required
          error={form.formState.errors.body}
          {...form.register("body")}
        />
        <ErrorList messages={[text(banner)]} />
        <div>
          <SubmitButton pending={add.isPending}>{t("saveNote")}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
