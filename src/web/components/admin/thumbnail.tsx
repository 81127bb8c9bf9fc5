/**
 * A list row's photo at a fixed 48×48. The photo column is `w-0` so it takes no
 * more than it needs; an `<img>` alone inherits `max-width: 100%` of that zero-wide cell and
 * was drawn 0 px wide, so the box fixes its size and never shrinks. No photo: an empty tile of
 * the same size keeps the rows aligned.
 */
export function Thumbnail({ src }: { src: string | null | undefined }) {
  return src ? (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="block size-12 min-w-12 max-w-none shrink-0 rounded object-cover"
      data-testid="thumbnail"
    />
  ) : (
    <span className="block size-12 min-w-12 shrink-0 rounded bg-cream" data-testid="thumbnail" />
  );
}
