import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { fillFromFallback } from "./fill.ts";
import { namespacesFor } from "./route-namespaces.ts";

describe("fillFromFallback", () => {
  it("takes English only where the Arabic entry is missing or empty, at any depth", () => {
    const ar = { a: "أ", b: "", nested: { c: "ج", d: "" } };
    const en = { a: "A", b: "B", e: "E", nested: { c: "C", d: "D", f: "F" } };
    expect(fillFromFallback(ar, en)).toEqual({
      a: "أ",
      b: "B",
      e: "E",
      nested: { c: "ج", d: "D", f: "F" },
    });
  });
});

describe("namespacesFor", () => {
  const route = (id: string, parentId: string | undefined, extra: object, i18n?: string[]) => ({
    id,
    parentId,
    ...extra,
    module: { handle: i18n ? { i18n } : undefined },
  });
  const routes = {
    root: route("root", undefined, { path: "" }, ["common"]),
    shell: route("shell", "root", {}, ["footer"]),
    home: route("home", "shell", { index: true }, ["home"]),
    shop: route("shop", "shell", { path: "shop" }, ["shop"]),
    product: route("product", "shell", { path: "product/:id" }, ["product", "shop"]),
    missing: route("missing", "shell", { path: "*" }),
    admin: route("admin", "root", { path: "admin-login" }, ["admin"]),
  } as unknown as ServerBuild["routes"];

  it.each([
    ["/", ["common", "footer", "home"]],
    ["/shop", ["common", "footer", "shop"]],
    ["/product/7", ["common", "footer", "product", "shop"]],
    ["/nowhere", ["common", "footer"]],
    ["/admin-login", ["common", "admin"]],
  ])("%s -> %j", (path, expected) => {
    expect(namespacesFor(routes, path)).toEqual(expected);
  });
});
