/** Arrows that point along the reading direction: mirrored in right-to-left pages. */
export function ArrowIcon({
  direction,
  className = "size-5",
}: {
  direction: "next" | "previous";
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`${className} ${direction === "previous" ? "-scale-x-100 rtl:scale-x-100" : "rtl:-scale-x-100"}`}
    >
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}
