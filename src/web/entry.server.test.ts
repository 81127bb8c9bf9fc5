import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./entry.server.tsx";

async function through(chunks: Array<string | Buffer>): Promise<string> {
  const out: Buffer[] = [];
  const transform = lowPriorityModulePreloads();
  Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(transform);
  for await (const chunk of transform) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/رَوضة.js"/></head>';
const BODY = '<body><p>نص <link rel="modulepreload" href="/in-body"/></p></body></html>';

describe("module preloads at low priority", () => {
  it.each([
    ["in one chunk", [HEAD + BODY]],
    ["split inside a tag", [HEAD.slice(0, 90), HEAD.slice(90) + BODY]],
    ["split inside </head> and inside an Arabic letter", splitBytes(HEAD + BODY, [166, 183, 198])],
  ])("rewrites every preload in <head> only, %s", async (_name, chunks) => {
    const html = await through(chunks);
    expect(html).toBe(
      HEAD.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchPriority="low"') + BODY,
    );
  });

  it("drops the preloads' nonces (script-src 'self' allows them), never a script's", async () => {
    const html = await through([
      '<head><link rel="modulepreload" href="/assets/a.js" nonce="n0nce"/>' +
        '<script nonce="n0nce">1</script></head><body><script nonce="n0nce">2</script></body>',
    ]);
    expect(html).toBe(
      '<head><link rel="modulepreload" fetchPriority="low" href="/assets/a.js"/>' +
        '<script nonce="n0nce">1</script></head><body><script nonce="n0nce">2</script></body>',
    );
  });

  it("passes a page without </head> through unchanged", async () => {
    expect(await through(["<p>partial", " page</p>"])).toBe("<p>partial page</p>");
  });
});

/** Splits the UTF-8 bytes at the given offsets (possibly inside a multi-byte letter). */
function splitBytes(text: string, at: number[]): Buffer[] {
  const bytes = Buffer.from(text);
  const cuts = [0, ...at, bytes.length];
  return cuts.slice(1).map((end, i) => bytes.subarray(cuts[i], end));
}
