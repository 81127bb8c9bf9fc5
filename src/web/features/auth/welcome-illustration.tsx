/** The admin login's welcome image: a drawn tray of sweets (no photo to download, RTL-neutral). */
export function WelcomeIllustration({ label, className }: { label: string; className?: string }) {
  return (
    <svg viewBox="0 0 400 320" role="img" aria-label={label} className={className}>
      <title>{label}</title>
      <path d="M60 300V150a140 140 0 0 1 280 0v150" fill="none" stroke="#e0b562" strokeWidth="10" />
      <path d="M90 300V160a110 110 0 0 1 220 0v140" fill="none" stroke="#b7791f" strokeWidth="4" />
      <ellipse cx="200" cy="262" rx="150" ry="26" fill="#8a5a12" />
      <ellipse cx="200" cy="254" rx="150" ry="26" fill="#e0b562" />
      {[0, 1, 2, 3].map((i) => (
        <g key={`b${i}`} transform={`translate(${112 + i * 46} 214)`}>
          <path d="M0 30 L20 0 L40 30 Z" fill="#c98a2b" stroke="#7a4b1e" strokeWidth="2" />
          <path d="M10 22 L20 8 L30 22" fill="none" stroke="#5f7f2f" strokeWidth="4" />
        </g>
      ))}
      {[0, 1, 2].map((i) => (
        <g key={`m${i}`} transform={`translate(${140 + i * 60} 190)`}>
          <circle r="18" fill="#f4e2c0" stroke="#b7791f" strokeWidth="2" />
          <path d="M-10 -4 h20 M-10 4 h20 M0 -12 v24" stroke="#d9b77a" strokeWidth="2" />
        </g>
      ))}
      <circle cx="200" cy="92" r="10" fill="#e0b562" />
      <path
        d="M200 70 v-24 M184 76 l-12 -16 M216 76 l12 -16"
        stroke="#e0b562"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
