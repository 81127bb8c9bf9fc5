import { useTranslation } from "../../../i18n/translator.tsx";
import { useCheckoutReminderStats } from "./api/get-checkout-reminders.ts";

/**
 * Abandoned-checkout reminders: how many went out in 30 days and how many brought an order
 * within 7 days. On the dashboard, so only the roles that see its sales figures see it (the
 * endpoint is guarded the same way). Nothing is shown while loading or on failure: the totals
 * above are the page's content.
 */
export function CheckoutRemindersCard() {
  const { t } = useTranslation("admin-dashboard");
  const stats = useCheckoutReminderStats().data;
  if (!stats) return null;
  return (
    <section
      className="rounded-lg border border-line bg-white p-4"
      data-testid="checkout-reminders"
    >
      <h2 className="mb-2 font-bold">{t("reminders.title")}</h2>
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-muted">{t("reminders.sent")}</dt>
          <dd className="text-2xl font-bold text-brown" dir="ltr" data-testid="reminders-sent">
            {stats.sent}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t("reminders.ordered")}</dt>
          <dd className="text-2xl font-bold text-brown" dir="ltr" data-testid="reminders-ordered">
            {stats.ordered}
          </dd>
        </div>
      </dl>
    </section>
  );
}
