import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { handleError, shapeShell, shellShaper } from "./entry.server.tsx";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  const out: Buffer[] = [];
  const transform = shellShaper();
  Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(transform);
  for await (const chunk of transform) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

// React Router's output, shortened: module preloads in <head>, and an inline bootstrap that
// imports the route modules statically, then the entry.
const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/رَوضة.js" nonce="n0nce"/></head>';
const BOOTSTRAP =
  '<body><p>نص <link rel="modulepreload" href="/in-body"/></p><script nonce="n0nce">1</script>' +
  '<script nonce="n0nce" type="module" async="">;\nimport * as route0 from "/assets/root.js";\n' +
  'import * as route1 from "/assets/home.js";\n  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\n' +
  'import("/assets/entry.js");</script>';
const TAIL = '<script nonce="n0nce">stream("نص")</script></body></html>';

const SHAPED =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/></head>' +
  '<body><p>نص <link rel="modulepreload" href="/in-body"/></p><script nonce="n0nce">1</script>' +
  '<script nonce="n0nce" type="module" async="">' +
  'await new Promise((go) => document.visibilityState === "hidden" ? go() : requestAnimationFrame(() => setTimeout(go)));' +
  'const routes = Promise.all([import("/assets/root.js"), import("/assets/home.js")]);' +
  '(async () => { for (const href of ["/assets/entry.js","/assets/رَوضة.js"]) { if (document.visibilityState !== "hidden") await new Promise((go) => setTimeout(go)); document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", fetchPriority: "low", href })); } })();' +
  "const [route0, route1] = await routes;" +
  ';\n  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\n' +
  'import("/assets/entry.js");</script>' +
  TAIL;

describe("the shell paints before any script is fetched or run", () => {
  it("moves the head's module preloads into the bootstrap, after the first frame", () => {
    expect(shapeShell(HEAD + BOOTSTRAP.slice(0, -"</script>".length))).toBe(
      SHAPED.slice(0, SHAPED.indexOf("</script>", SHAPED.indexOf("async"))),
    );
  });

  it.each([
    ["in one chunk", [HEAD + BOOTSTRAP + TAIL]],
    ["split inside a tag", [HEAD.slice(0, 90), HEAD.slice(90) + BOOTSTRAP + TAIL]],
    [
      "split inside </head>, inside the bootstrap's marker, inside </script> and inside Arabic letters",
      splitBytes(HEAD + BOOTSTRAP + TAIL, [166, 183, 198, 302, 330, 520, 640]),
    ],
    ["one byte at a time", splitBytes(HEAD + BOOTSTRAP + TAIL, range(1, 1200))],
  ])("streams the same page %s", async (_name, chunks) => {
    expect(await through(chunks)).toBe(SHAPED);
  });

  it("passes a page without React Router's bootstrap through unchanged", async () => {
    expect(await through(["<p>partial", " page</p>"])).toBe("<p>partial page</p>");
    expect(await through([HEAD, "<body></body></html>"])).toBe(`${HEAD}<body></body></html>`);
  });
});

/** Splits the UTF-8 bytes at the given offsets (possibly inside a multi-byte letter). */
function splitBytes(text: string, at: number[]): Buffer[] {
  const bytes = Buffer.from(text);
  const cuts = [0, ...at.filter((n) => n < bytes.length), bytes.length];
  return cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

describe("handleError", () => {
  const args = (context: Record<string, unknown>) =>
    ({ request: new Request("http://shop.test/shop"), params: {}, context }) as never;

  it("marks a page whose loader could not reach the database (answered 503), without logging a bug", () => {
    const context: Record<string, unknown> = {};
    handleError(Object.assign(new Error("Connection terminated unexpectedly"), {}), args(context));
    expect(context.databaseUnavailable).toBe(true);
  });

  it("leaves any other error a 500, logged", () => {
    const context: Record<string, unknown> = {};
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (error: unknown) => logged.push(error);
    try {
      handleError(new TypeError("a bug"), args(context));
    } finally {
      console.error = original;
    }
    expect(context.databaseUnavailable).toBeUndefined();
    expect(logged).toEqual([expect.any(TypeError)]);
  });
});
