import { useState } from "react";
import { countryName } from "../../../../shared/domain/countries.ts";
import type { Lang } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { CarrierDto, ShippingZoneDto } from "../../../../shared/schemas/shipping.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RowActions } from "../../../components/admin/row-actions.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useDeleteCarrier } from "./api/delete-carrier.ts";
import { useDeleteZone } from "./api/delete-zone.ts";
import { REFUSED_LOAD_FAILED } from "./api/get-refused.ts";
import { CARRIERS_LOAD_FAILED, useCarriers } from "./api/list-carriers.ts";
import { useZones, ZONES_LOAD_FAILED } from "./api/list-zones.ts";
import { CarrierFormDialog } from "./carrier-form-dialog.tsx";
import { BandList } from "./rate-bands-editor.tsx";
import { RefusedEditor } from "./refused-editor.tsx";
import { ZoneFormDialog } from "./zone-form-dialog.tsx";

// The screen's load failures, translated in its own namespace (loaded by its route).
registerMessages(
  { LOAD_FAILED: ZONES_LOAD_FAILED, CARRIERS_LOAD_FAILED, REFUSED_LOAD_FAILED },
  (id) => `admin-shipping:errors.${id}`,
);

/** Countries shown by name before the list says "and N more" (the rest-of-world zone has ~190). */
const SHOWN_COUNTRIES = 8;

/** Zones with their rates, the refused list and the carriers, on one screen. */
export function ShippingScreen() {
  const { t } = useTranslation("admin-shipping");
  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
        <p className="mt-1 max-w-prose text-muted">{t("intro")}</p>
      </header>
      <ZonesSection />
      <RefusedEditor />
      <CarriersSection />
    </div>
  );
}

function countryNames(codes: readonly string[], lang: Lang): string {
  const collator = new Intl.Collator(lang);
  return codes
    .map((code) => countryName(code, lang))
    .sort(collator.compare)
    .slice(0, SHOWN_COUNTRIES)
    .join(lang === "ar" ? "، " : ", ");
}

function ZonesSection() {
  const { t } = useTranslation(["admin-shipping", "admin", "messages"]);
  const text = useMessageText();
  const lang = useLang();
  const zones = useZones();
  const [editing, setEditing] = useState<ShippingZoneDto | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ShippingZoneDto | null>(null);
  const remove = useDeleteZone();
  const nameOf = (zone: ShippingZoneDto) => pickText(lang, zone.name, zone.name_ar);

  const columns: Column<ShippingZoneDto>[] = [
    {
      key: "name",
      header: t("zones.name"),
      cell: (zone) => <span className="font-semibold">{nameOf(zone)}</span>,
    },
    {
      key: "countries",
      header: t("zones.countries"),
      cell: (zone) => (
        <span>
          {countryNames(zone.countries, lang)}
          {zone.countries.length > SHOWN_COUNTRIES ? (
            <span className="text-muted">
              {" "}
              {t("zones.moreCountries", { count: zone.countries.length - SHOWN_COUNTRIES })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "cap",
      header: t("zones.cap"),
      cell: (zone) =>
        zone.max_grams === null ? (
          <span className="text-muted">{t("zones.noCap")}</span>
        ) : (
          <bdi dir="ltr">{optionLabel(zone.max_grams, lang)}</bdi>
        ),
    },
    {
      key: "rates",
      header: t("zones.rates"),
      cell: (zone) => <BandList rates={zone.rates} lang={lang} />,
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (zone) => (
        <RowActions
          editLabel={t("zones.editNamed", { name: nameOf(zone) })}
          deleteLabel={t("zones.deleteNamed", { name: nameOf(zone) })}
          onEdit={() => setEditing(zone)}
          onDelete={() => {
            remove.reset();
            setDeleting(zone);
          }}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="zones-title" className="flex flex-col gap-3">
      <h2 id="zones-title" className="text-lg font-bold">
        {t("zones.title")}
      </h2>
      <DataTable
        caption={t("zones.title")}
        columns={columns}
        rows={zones.data}
        rowKey={(zone) => zone.id}
        loading={zones.isPending}
        error={zones.isError ? text(zones.error.message) : null}
        onRetry={() => void zones.refetch()}
        emptyText={t("zones.empty")}
        testId="zones-table"
        toolbar={
          <button
            type="button"
            className="btn btn-primary ms-auto"
            onClick={() => setEditing(null)}
          >
            {t("zones.add")}
          </button>
        }
      />
      <ZoneFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        zone={editing ?? null}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("zones.deleteTitle")}
        description={t("zones.deleteQuestion", { name: deleting ? nameOf(deleting) : "" })}
        mutation={remove}
        doneText={() => t("zones.deleted")}
      />
    </section>
  );
}

function CarriersSection() {
  const { t } = useTranslation(["admin-shipping", "admin", "messages"]);
  const text = useMessageText();
  const lang = useLang();
  const carriers = useCarriers();
  const [editing, setEditing] = useState<CarrierDto | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CarrierDto | null>(null);
  const remove = useDeleteCarrier();
  const nameOf = (carrier: CarrierDto) => pickText(lang, carrier.name, carrier.name_ar);

  const columns: Column<CarrierDto>[] = [
    {
      key: "name",
      header: t("carriers.name"),
      cell: (carrier) => <span className="font-semibold">{nameOf(carrier)}</span>,
    },
    {
      key: "tracking",
      header: t("carriers.trackingUrl"),
      cell: (carrier) => (
        <code dir="ltr" className="break-all text-xs">
          {carrier.tracking_url}
        </code>
      ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      className: "w-0 whitespace-nowrap",
      cell: (carrier) => (
        <RowActions
          editLabel={t("carriers.editNamed", { name: nameOf(carrier) })}
          deleteLabel={t("carriers.deleteNamed", { name: nameOf(carrier) })}
          onEdit={() => setEditing(carrier)}
          onDelete={() => {
            remove.reset();
            setDeleting(carrier);
          }}
        />
      ),
    },
  ];

  return (
    <section aria-labelledby="carriers-title" className="flex flex-col gap-3">
      <h2 id="carriers-title" className="text-lg font-bold">
        {t("carriers.title")}
      </h2>
      <DataTable
        caption={t("carriers.title")}
        columns={columns}
        rows={carriers.data}
        rowKey={(carrier) => carrier.id}
        loading={carriers.isPending}
        error={carriers.isError ? text(carriers.error.message) : null}
        onRetry={() => void carriers.refetch()}
        emptyText={t("carriers.empty")}
        testId="carriers-table"
        toolbar={
          <button
            type="button"
            className="btn btn-primary ms-auto"
            onClick={() => setEditing(null)}
          >
            {t("carriers.add")}
          </button>
        }
      />
      <CarrierFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
        carrier={editing ?? null}
      />
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title={t("carriers.deleteTitle")}
        description={t("carriers.deleteQuestion", { name: deleting ? nameOf(deleting) : "" })}
        mutation={remove}
        doneText={() => t("carriers.deleted")}
      />
    </section>
  );
}
