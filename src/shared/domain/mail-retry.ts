/**
 * When an e-mail the SMTP server refused is tried again: quickly at first, then
 * spaced out, for about a day; then it is given up and kept for the record.
 */
export const MAIL_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
  18 * 60 * 60_000,
] as const;

/** After `attempts` failed tries: the wait before the next one, or null = give up. */
export function nextMailAttempt(attempts: number, now: Date): Date | null {
  if (attempts < 1) return now;
  const delay = MAIL_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}
