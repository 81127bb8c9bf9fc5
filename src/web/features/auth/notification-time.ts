/** The bell's preview is cut at 45 characters. */
export const PREVIEW_MAX = 45;

export function cutPreview(text: string, max = PREVIEW_MAX): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

/**
 * A bell line within `max` characters that never cuts its order number: `build(names)` writes
 * the line, `names` are the free texts in it (customer, staff); the longest is shortened with
 * "…" until the line fits, and only what cannot fit that way is cut at the end.
 */
export function fitPreview(
  build: (names: string[]) => string,
  names: string[],
  max = PREVIEW_MAX,
): string {
  const shortened = [...names];
  const length = () => [...build(shortened)].length;
  while (length() > max) {
    let longest = -1;
    for (let i = 0; i < shortened.length; i++) {
      const chars = [...(shortened[i] ?? "")].length;
      if (chars > 2 && (longest < 0 || chars > [...(shortened[longest] ?? "")].length)) longest = i;
    }
    if (longest < 0) break;
    const chars = [...(shortened[longest] ?? "")];
    const keep = chars.length - Math.min(chars.length - 2, length() - max) - 1;
    shortened[longest] = `${chars.slice(0, Math.max(1, keep)).join("").trimEnd()}…`;
  }
  return cutPreview(build(shortened), max);
}

export type Ago = { unit: "s" | "mins" | "hrs" | "d"; count: number };

/** Relative times in s, mins, hrs, d (a clock ahead of the server reads 0 s). */
export function ago(iso: string, now: number): Ago {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return { unit: "s", count: seconds };
  if (seconds < 3600) return { unit: "mins", count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: "hrs", count: Math.floor(seconds / 3600) };
  return { unit: "d", count: Math.floor(seconds / 86_400) };
}
