/** The bell's preview is cut at 45 characters. */
export const PREVIEW_MAX = 45;

export function cutPreview(text: string, max = PREVIEW_MAX): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
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
