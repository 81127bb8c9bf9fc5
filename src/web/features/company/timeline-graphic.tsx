/** The decorative seven-step numbered timeline, 1244 x 100, medium screens and up. */
export function TimelineGraphic({ label }: { label: string }) {
  const steps = Array.from({ length: 7 }, (_, i) => i + 1);
  const gap = 1244 / 7;
  return (
    <div className="container-page hidden justify-center py-8 md:flex" data-testid="timeline">
      <svg
        width={1244}
        height={100}
        viewBox="0 0 1244 100"
        className="h-auto w-full max-w-[1244px]"
        role="img"
        aria-label={label}
      >
        <line
          x1={gap / 2}
          x2={1244 - gap / 2}
          y1={50}
          y2={50}
          className="stroke-gold"
          strokeWidth={4}
          strokeDasharray="10 8"
        />
        {steps.map((n, i) => (
          <g key={n} transform={`translate(${gap / 2 + i * gap} 50)`}>
            <circle r={34} className="fill-cream stroke-gold-dark" strokeWidth={4} />
            <text
              textAnchor="middle"
              dominantBaseline="central"
              className="fill-brown text-3xl font-bold"
            >
              {n}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
