import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "../../../shared/domain/date-format.ts";
import type {
  AuditChangeDto,
  AuditEntry,
  AuditListResponse,
} from "../../../shared/schemas/audit.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { adminApi } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";

/** Query keys of the audit log; a save invalidates `auditKeys.record(entity, id)`. */
export const auditKeys = {
  all: ["admin", "audit"] as const,
  record: (entity: string, entityId: string | number) =>
    [...auditKeys.all, entity, String(entityId)] as const,
};

/** `GET /api/admin/audit?entity=&entity_id=`: one record's changes, newest first. */
export const getRecordHistory = (entity: string, entityId: string | number, signal?: AbortSignal) =>
  adminApi.get<AuditListResponse>(
    withQuery("/api/admin/audit", { entity, entity_id: String(entityId), per_page: 50 }),
    { signal },
  );

export function useRecordHistory(entity: string, entityId: string | number) {
  return useQuery({
    queryKey: auditKeys.record(entity, entityId),
    queryFn: ({ signal }) => getRecordHistory(entity, entityId, signal),
  });
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * A record's history (every admin write is recorded and shown): who changed
 * which fields, when, with the values before and after. Shown in each edit dialog.
 */
export function RecordHistory({
  entity,
  entityId,
  describeChange,
}: {
  entity: string;
  entityId: string | number;
  /** The change in the screen's words (its field's label, values as read); else the raw field. */
  describeChange?: (change: AuditChangeDto) => { field: string; before: unknown; after: unknown };
}) {
  const { t, i18n } = useTranslation("admin");
  const history = useRecordHistory(entity, entityId);
  const lang = i18n.language === "ar" ? "ar" : "en";
  const entries: AuditEntry[] = history.data?.data ?? [];

  return (
    <section aria-labelledby={`history-${entity}-${entityId}`} data-testid="record-history">
      <h3 id={`history-${entity}-${entityId}`} className="font-bold text-brown">
        {t("history.title")}
      </h3>
      {history.isPending ? (
        <p className="text-sm text-muted">{t("history.loading")}</p>
      ) : history.isError ? (
        <p className="text-sm text-muted">{t("history.failed")}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">{t("history.empty")}</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-line p-2">
              <p>
                <span className="font-semibold">{t(`history.${entry.action}`)}</span>
                {" · "}
                <bdi>{entry.actor.name}</bdi>
                {" · "}
                <time dateTime={entry.created_at} dir="ltr">
                  {formatDateTime(entry.created_at, lang)}
                </time>
              </p>
              {entry.changes.length > 0 ? (
                <ul className="mt-1 text-muted">
                  {entry.changes.map((change) => {
                    const shown = describeChange?.(change);
                    return (
                      <li key={change.field} data-field={change.field}>
                        {shown ? <bdi>{shown.field}</bdi> : <code dir="ltr">{change.field}</code>}
                        {change.redacted ? null : (
                          <>
                            {": "}
                            <bdi>{formatValue(shown ? shown.before : change.before)}</bdi>
                            {" → "}
                            <bdi>{formatValue(shown ? shown.after : change.after)}</bdi>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
