import type { CampaignDto } from "../../../../shared/schemas/campaigns.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

/** A campaign's state and its counts (the dialog asks again while it goes out). */
export function CampaignCounts({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation("admin-campaigns");
  const c = campaign.counts;
  const items = [
    ["recipients", c.recipients],
    ["sent", c.sent],
    ["failed", c.failed],
    ["unsubscribed", c.unsubscribed],
  ] as const;
  return (
    <section className="grid gap-2" aria-labelledby="campaign-counts-title">
      <h3 id="campaign-counts-title" className="font-semibold">
        {t("countsTitle")}:{" "}
        <span data-testid="campaign-status">{t(`statuses.${campaign.status}`)}</span>
      </h3>
      <dl className="flex flex-wrap gap-4" data-testid="campaign-counts">
        {items.map(([key, value]) => (
          <div key={key} className="flex gap-1" data-testid={`count-${key}`}>
            <dt>{t(`counts.${key}`)}:</dt>
            <dd dir="ltr">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
