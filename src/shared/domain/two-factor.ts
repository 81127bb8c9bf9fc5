import { Secret, TOTP } from "otpauth";

/**
 * Two-factor sign-in for admins: TOTP as RFC 6238 (30-second steps, 6 digits,
 * SHA-1: what every authenticator app reads from a QR code), computed by `otpauth`. A code
 * is accepted one step either side of now (a phone's clock a little off, a code typed as it
 * changes) and each step works once: the last step used is remembered per admin and a code
 * of that step or an earlier one is refused.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that are still accepted. */
export const TOTP_WINDOW = 1;
/** 160 random bits (RFC 4226's recommended length for SHA-1). */
export const TOTP_SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
/** How long the code step of a sign-in may take after the password. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Wrong codes on one sign-in before it ends and the password is asked again. */
export const CHALLENGE_MAX_FAILURES = 3;
/**
 * Wrong codes on one account in `CODE_FAILURE_WINDOW_MS`, over all its sign-ins and from
 * every address together: past it every open sign-in of the account ends and the code step
 * waits for the window to pass, then starts again from the password. A code has a million
 * values; this keeps someone who has the password to a handful of guesses a quarter-hour.
 */
export const CODE_FAILURES_PER_ACCOUNT = 5;
export const CODE_FAILURE_WINDOW_MS = 15 * 60_000;

export { TWO_FACTOR_MESSAGES } from "./two-factor-messages.ts";

/** Spaces and dashes people type or paste between digits are not part of a code. */
export const normaliseCode = (code: string): string => code.replace(/[\s-]/g, "").toLowerCase();

/** Six digits: an authenticator code; anything else may be a recovery code. */
export const isTotpCode = (code: string): boolean =>
  new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseCode(code));

/** The TOTP step (RFC 6238's T) at this moment. */
export const stepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

const totp = (secret: string, label = "", issuer = "") =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret, base32 (what a person types when they cannot scan). */
export const newTotpSecret = (): string => new Secret({ size: TOTP_SECRET_BYTES }).base32;

/** The `otpauth://totp/...` address the QR code carries. */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  totp(secret, account, issuer).toString();

/** The code for a moment (tests and the Playwright spec's "authenticator"). */
export const totpCodeAt = (secret: string, nowMs: number): string =>
  totp(secret).generate({ timestamp: nowMs });

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "invalid" | "used" };

/**
 * Whether `code` is this secret's code within ±`TOTP_WINDOW` steps of `nowMs`, and not of a
 * step at or before `lastUsedStep` (a code works once; an older one never comes back).
 */
export function checkTotp(input: {
  secret: string;
  code: string;
  nowMs: number;
  lastUsedStep: number | null;
}): TotpCheck {
  const code = normaliseCode(input.code);
  if (!isTotpCode(code)) return { ok: false, reason: "invalid" };
  const delta = totp(input.secret).validate({
    token: code,
    timestamp: input.nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: "invalid" };
  const step = stepAt(input.nowMs) + delta;
  if (input.lastUsedStep !== null && step <= input.lastUsedStep)
    return { ok: false, reason: "used" };
  return { ok: true, step };
}
