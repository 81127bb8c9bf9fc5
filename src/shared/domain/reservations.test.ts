import { describe, expect, it } from "vitest";
import {
  SYSTEM_CANCEL_NOTES,
  type SystemCancelReason,
  systemCancelReason,
} from "./reservations.ts";

describe("systemCancelReason", () => {
  it.each<[string | null | undefined, SystemCancelReason | null]>([
    [SYSTEM_CANCEL_NOTES.reservation_expired, "reservation_expired"],
    [` ${SYSTEM_CANCEL_NOTES.card_session_expired}\n`, "card_session_expired"],
    ["Out of stock, sorry.", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%j -> %s", (note, expected) => {
    expect(systemCancelReason(note)).toBe(expected);
  });
});
