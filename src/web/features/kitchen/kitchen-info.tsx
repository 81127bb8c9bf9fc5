import { useTranslation } from "../../i18n/translator.tsx";

/** The kitchen's hours: cooking and Damascus delivery 9:00-23:00; the branch 9:00-22:00. */
export function KitchenHours() {
  const { t } = useTranslation("kitchen");
  const rows = [
    ["cooking", "9:00", "23:00"],
    ["delivery", "9:00", "23:00"],
    ["branch", "9:00", "22:00"],
  ] as const;
  return (
    <section aria-labelledby="kitchen-hours" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="kitchen-hours" className="text-2xl font-bold text-brown">
        {t("hours.title")}
      </h2>
      <dl className="mt-4 grid gap-3">
        {rows.map(([key, from, to]) => (
          <div key={key} className="flex flex-wrap justify-between gap-2 border-b border-line pb-2">
            <dt className="font-semibold">{t(`hours.${key}`)}</dt>
            <dd>
              {t("hours.daily")}{" "}
              <bdi dir="ltr">
                {from} – {to}
              </bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">{t("hours.timeZone")}</p>
    </section>
  );
}

/** The QR banner: a code drawn on the server pointing at this page's address. */
export function QrBanner({ pageUrl }: { pageUrl: string }) {
  const { t } = useTranslation("kitchen");
  return (
    <section
      aria-labelledby="kitchen-qr"
      className="flex flex-col items-center gap-6 rounded-2xl bg-brown p-6 text-white sm:flex-row"
    >
      <img
        src="/api/kitchen/qr.svg"
        alt={t("qr.alt")}
        width={176}
        height={176}
        className="rounded-lg bg-white p-2"
        data-testid="kitchen-qr"
      />
      <div>
        <h2 id="kitchen-qr" className="text-2xl font-bold">
          {t("qr.title")}
        </h2>
        <p className="mt-2 text-white/90">{t("qr.text")}</p>
        <p className="mt-2 text-sm">
          <bdi dir="ltr" className="break-all">
            {pageUrl}
          </bdi>
        </p>
      </div>
    </section>
  );
}
