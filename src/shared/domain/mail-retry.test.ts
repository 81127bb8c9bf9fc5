import { describe, expect, it } from "vitest";
import { nextMailAttempt } from "./mail-retry.ts";

const now = new Date("2026-11-23T10:00:00Z");

describe("mail retries", () => {
  it.each([
    [0, "2026-11-23T10:00:00.000Z"],
    [1, "2026-11-23T10:00:30.000Z"],
    [2, "2026-11-23T10:02:00.000Z"],
    [3, "2026-11-23T10:10:00.000Z"],
    [4, "2026-11-23T11:00:00.000Z"],
    [5, "2026-11-23T16:00:00.000Z"],
    [6, "2026-11-24T04:00:00.000Z"],
  ])("after %i failed tries the next is at %s", (attempts, at) => {
    expect(nextMailAttempt(attempts, now)?.toISOString()).toBe(at);
  });

  it("gives up after the seventh failed try", () => {
    expect(nextMailAttempt(7, now)).toBeNull();
  });
});
