import { useTranslation } from "../../i18n/translator.tsx";

// The empty charts' words live in the admin-dashboard namespace: a screen showing these loads it.
// Hand-written SVG (ADR 0012): four small charts do not justify a charting library's weight.

const W = 600;
const H = 160;

/** Columns per day, oldest on the left (time reads left to right in both languages). */
export function DayColumns({
  title,
  values,
  labels,
  format,
  testId,
}: {
  title: string;
  values: readonly number[];
  labels: readonly string[];
  format: (value: number) => string;
  testId: string;
}) {
  const { t } = useTranslation("admin-dashboard");
  const top = Math.max(1, ...values);
  const step = W / values.length;
  // Nothing yet: no made-up scale ("1", "$1.00") over an empty chart, the words instead.
  const empty = values.every((value) => value === 0);
  return (
    <figure className="rounded-lg border border-line bg-white p-4" data-testid={testId}>
      <figcaption className="mb-2 font-bold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={title}
        direction="ltr"
      >
        {values.map((value, i) => {
          const h = (value / top) * H;
          return (
            <rect
              key={labels[i]}
              x={i * step + 2}
              y={H - h}
              width={Math.max(1, step - 4)}
              height={h}
              className="fill-gold"
            >
              <title>{`${labels[i]}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <line x1={0} y1={H} x2={W} y2={H} className="stroke-line" />
        <text x={0} y={H + 15} className="fill-muted text-[11px]">
          {labels[0]}
        </text>
        <text x={W} y={H + 15} textAnchor="end" className="fill-muted text-[11px]">
          {labels[labels.length - 1]}
        </text>
        {empty ? null : (
          <text x={0} y={12} className="fill-muted text-[11px]" data-testid="chart-top">
            {format(top)}
          </text>
        )}
      </svg>
      {empty ? <p className="text-sm text-muted">{t("nothingYet")}</p> : null}
    </figure>
  );
}

/** Horizontal bars with their figures written out (readable without the picture). */
export function Bars({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: ReadonlyArray<{
    key: string;
    label: React.ReactNode;
    value: number;
    text: string;
    tone?: string;
  }>;
  testId: string;
}) {
  const { t } = useTranslation("admin-dashboard");
  const top = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="rounded-lg border border-line bg-white p-4" data-testid={testId}>
      <figcaption className="mb-2 font-bold">{title}</figcaption>
      {rows.length === 0 ? <p className="text-muted">{t("nothingYet")}</p> : null}
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.key} className="grid grid-cols-[8rem_1fr_auto] items-center gap-2">
            <span className="truncate">{row.label}</span>
            <span className="h-3 rounded bg-line" aria-hidden="true">
              <span
                className={`block h-3 rounded ${row.tone ?? "bg-gold"}`}
                style={{ width: `${(row.value / top) * 100}%` }}
              />
            </span>
            <bdi dir="ltr" className="text-sm">
              {row.text}
            </bdi>
          </li>
        ))}
      </ul>
    </figure>
  );
}
