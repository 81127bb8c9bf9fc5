import { describe, expect, it } from "vitest";
import {
  ADMIN_ROLES,
  ADMINS_MESSAGES,
  type AdminRole,
  auditReadRoles,
  normaliseRoles,
  removalRefusal,
  roleChangeRefusal,
  rolesAllow,
  SCREEN_ROLES,
} from "./admins.ts";

describe("removing an admin", () => {
  it.each([
    [{ targetId: 2, actorId: 1, adminCount: 2 }, null],
    [{ targetId: 3, actorId: 1, adminCount: 5 }, null],
    [{ targetId: 1, actorId: 1, adminCount: 1 }, ADMINS_MESSAGES.LAST_ADMIN],
    [{ targetId: 2, actorId: 1, adminCount: 1 }, ADMINS_MESSAGES.LAST_ADMIN],
    [{ targetId: 1, actorId: 1, adminCount: 3 }, ADMINS_MESSAGES.SELF],
    // Issue 27: the last owner stays, whoever asks.
    [
      { targetId: 2, actorId: 1, adminCount: 3, ownerCount: 1, targetIsOwner: true },
      ADMINS_MESSAGES.LAST_OWNER,
    ],
    [{ targetId: 2, actorId: 1, adminCount: 3, ownerCount: 2, targetIsOwner: true }, null],
    [{ targetId: 2, actorId: 1, adminCount: 3, ownerCount: 1, targetIsOwner: false }, null],
  ])("%j -> %s", (input, expected) => {
    expect(removalRefusal(input)).toBe(expected);
  });
});

describe("changing an admin's roles", () => {
  it.each<[string[], string[], number, string | null]>([
    [["owner"], ["orders"], 1, ADMINS_MESSAGES.LAST_OWNER],
    [["owner", "orders"], ["orders"], 1, ADMINS_MESSAGES.LAST_OWNER],
    [["owner"], ["orders"], 2, null],
    [["owner"], ["owner", "kitchen"], 1, null],
    [["orders"], ["catalogue", "kitchen"], 1, null],
    [["orders"], ["owner"], 1, null],
    [["orders"], [], 2, ADMINS_MESSAGES.ROLES_REQUIRED],
    [["orders"], ["nobody"], 2, ADMINS_MESSAGES.ROLES_REQUIRED],
  ])("%j -> %j with %i owner(s): %s", (current, next, ownerCount, expected) => {
    expect(roleChangeRefusal({ current, next, ownerCount })).toBe(expected);
  });
});

describe("what a role allows", () => {
  it.each<[string[], AdminRole[] | undefined, boolean]>([
    [["owner"], ["owner"], true],
    [["owner"], ["kitchen"], true],
    [["orders"], ["orders"], true],
    [["orders"], ["catalogue"], false],
    [["orders"], ["owner"], false],
    [["catalogue", "kitchen"], ["kitchen"], true],
    [["catalogue", "kitchen"], ["orders"], false],
    [["kitchen"], [...ADMIN_ROLES], true],
    [[], [...ADMIN_ROLES], false],
    // A route that declares nothing is nobody's, not even the owner's.
    [["owner"], [], false],
    [["owner"], undefined, false],
  ])("%j needing %j: %s", (held, needed, expected) => {
    expect(rolesAllow(held, needed)).toBe(expected);
  });

  it.each<[string[], string[]]>([
    [
      ["kitchen", "owner", "kitchen"],
      ["owner", "kitchen"],
    ],
    [["orders", "root"], ["orders"]],
    [[], []],
  ])("normalises %j to %j", (roles, expected) => {
    expect(normaliseRoles(roles)).toEqual(expected);
  });

  it.each<[string | undefined, AdminRole[]]>([
    ["product", ["catalogue"]],
    ["dish", ["kitchen"]],
    ["order", ["orders"]],
    ["settings", ["owner"]],
    ["admin", ["owner"]],
    [undefined, ["owner"]],
  ])("the history of %s is for %j", (entity, roles) => {
    expect(auditReadRoles(entity)).toEqual(roles);
  });

  it("a packer (orders) sees the desk, the slips, the inbox and the production sheet; nothing of the catalogue", () => {
    const screens = Object.entries(SCREEN_ROLES)
      .filter(([, needed]) => rolesAllow(["orders"], needed))
      .map(([screen]) => screen);
    expect(screens).toEqual([
      "orders",
      "print",
      "inbox",
      "customers",
      "traders",
      "receivables",
      "production",
      "kitchenOrders",
    ]);
  });

  it("the catalogue role sees its products, categories, coupons, promotions, newsletter campaigns, pages and the buyers' reviews", () => {
    const screens = Object.entries(SCREEN_ROLES)
      .filter(([, needed]) => rolesAllow(["catalogue"], needed))
      .map(([screen]) => screen);
    expect(screens).toEqual([
      "products",
      "categories",
      "coupons",
      "promotions",
      "campaigns",
      "pages",
      "reviews",
    ]);
  });
});
