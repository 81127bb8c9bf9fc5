// Writes .br and .gz twins of the client build so @fastify/static serves them without
// compressing on every request (slow phones get the smallest bytes at no CPU cost).
// The .gz files come from Zopfli: gzip-compatible, about 3% smaller than zlib's level 9, and
// worth its few seconds once per build for browsers and proxies that take gzip only.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const root = path.resolve("build/client");
const compressible = /\.(js|mjs|css|svg|json|html|txt|xml|map)$/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
for (const file of walk(root)) {
  if (!compressible.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, await gzipAsync(content, { numiterations: 15 }));
  count++;
}
console.log(`Pre-compressed ${count} files in build/client`);
