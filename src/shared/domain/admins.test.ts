import { describe, expect, it } from "vitest";
import { ADMINS_MESSAGES, removalRefusal } from "./admins.ts";

describe("removing an admin", () => {
  it.each([
    [{ targetId: 2, actorId: 1, adminCount: 2 }, null],
    [{ targetId: 3, actorId: 1, adminCount: 5 }, null],
    [{ targetId: 1, actorId: 1, adminCount: 1 }, ADMINS_MESSAGES.LAST_ADMIN],
    [{ targetId: 2, actorId: 1, adminCount: 1 }, ADMINS_MESSAGES.LAST_ADMIN],
    [{ targetId: 1, actorId: 1, adminCount: 3 }, ADMINS_MESSAGES.SELF],
  ])("%j -> %s", (input, expected) => {
    expect(removalRefusal(input)).toBe(expected);
  });
});
