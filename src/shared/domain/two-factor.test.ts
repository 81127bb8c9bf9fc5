import { describe, expect, it } from "vitest";
import {
  checkTotp,
  isTotpCode,
  newTotpSecret,
  normaliseCode,
  otpauthUrl,
  stepAt,
  TOTP_PERIOD_SECONDS,
  totpCodeAt,
} from "./two-factor.ts";

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890") in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** The middle of a step, so "one step later" is a whole step away whatever the rounding. */
const NOW = 1_700_000_000_000 - (1_700_000_000_000 % STEP_MS) + STEP_MS / 2;

describe("TOTP codes", () => {
  it.each([
    // RFC 6238 appendix B, SHA-1, last six digits of the eight.
    [59_000, "287082"],
    [1_111_111_109_000, "081804"],
    [1_234_567_890_000, "005924"],
    [2_000_000_000_000, "279037"],
  ])("at %i ms the RFC's code is %s", (at, code) => {
    expect(totpCodeAt(RFC_SECRET, at)).toBe(code);
  });

  it.each([
    { offset: -2, ok: false },
    { offset: -1, ok: true },
    { offset: 0, ok: true },
    { offset: 1, ok: true },
    { offset: 2, ok: false },
  ])("a code of the step $offset from now: accepted $ok", ({ offset, ok }) => {
    const code = totpCodeAt(RFC_SECRET, NOW + offset * STEP_MS);
    const result = checkTotp({ secret: RFC_SECRET, code, nowMs: NOW, lastUsedStep: null });
    expect(result).toEqual(
      ok ? { ok: true, step: stepAt(NOW) + offset } : { ok: false, reason: "invalid" },
    );
  });

  it.each([
    { lastUsed: null, codeStep: 0, expected: "ok" },
    { lastUsed: -1, codeStep: 0, expected: "ok" },
    // The same code twice: refused the second time.
    { lastUsed: 0, codeStep: 0, expected: "used" },
    // An older code after a newer one was used: never comes back.
    { lastUsed: 1, codeStep: 0, expected: "used" },
    { lastUsed: 0, codeStep: -1, expected: "used" },
    // The next step's code after this one: fine.
    { lastUsed: 0, codeStep: 1, expected: "ok" },
  ])(
    "replay: last used step now$lastUsed, code of now$codeStep -> $expected",
    ({ lastUsed, codeStep, expected }) => {
      const now = stepAt(NOW);
      const result = checkTotp({
        secret: RFC_SECRET,
        code: totpCodeAt(RFC_SECRET, NOW + codeStep * STEP_MS),
        nowMs: NOW,
        lastUsedStep: lastUsed === null ? null : now + lastUsed,
      });
      expect(result.ok ? "ok" : result.reason).toBe(expected);
    },
  );

  it.each([
    ["", false],
    ["12345", false],
    ["1234567", false],
    ["12a456", false],
    ["123456", true],
    ["123 456", true],
    [" 123-456 ", true],
  ])("%j is an authenticator code: %s", (code, expected) => {
    expect(isTotpCode(code)).toBe(expected);
  });

  it("a code typed with spaces is the same code", () => {
    const code = totpCodeAt(RFC_SECRET, NOW);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect(normaliseCode(spaced)).toBe(code);
    expect(checkTotp({ secret: RFC_SECRET, code: spaced, nowMs: NOW, lastUsedStep: null }).ok).toBe(
      true,
    );
  });

  it("a wrong code or another secret's code is refused", () => {
    const other = newTotpSecret();
    const code = totpCodeAt(other, NOW);
    const wrong = code === "000000" ? "111111" : "000000";
    for (const attempt of [wrong, "abcdef"])
      expect(checkTotp({ secret: other, code: attempt, nowMs: NOW, lastUsedStep: null })).toEqual({
        ok: false,
        reason: "invalid",
      });
  });

  it("a new secret is 160 random bits in base32, and the address names the shop and admin", () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    const url = new URL(otpauthUrl(a, "owner@example.com", "Sweets"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(a);
    expect(url.searchParams.get("issuer")).toBe("Sweets");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("digits")).toBe("6");
  });
});
