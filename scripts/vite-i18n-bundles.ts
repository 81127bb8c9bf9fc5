// The browser's texts as hashed, immutable files: one per language and namespace
// (/assets/i18n-<lang>-<ns>-<hash>.json), Arabic already filled with English where an entry is
// empty. `virtual:i18n-bundles` maps "lang/ns" to its URL; the browser fetches a namespace
// only when a screen or a language switch needs it (the first page's namespaces travel in its
// HTML). Names come from the content, so a text change makes a new URL and caches never
// serve stale texts.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { type Bundle, fillFromFallback } from "../src/web/i18n/fill.ts";

const VIRTUAL = "virtual:i18n-bundles";
const RESOLVED = `\0${VIRTUAL}`;
const FALLBACK = "en";

type File = { key: string; fileName: string; source: string };

function readBundles(localesDir: string): File[] {
  const langs = fs.readdirSync(localesDir).filter((d) => !d.startsWith("."));
  const read = (lang: string, ns: string): Bundle =>
    JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), "utf8")) as Bundle;
  const files: File[] = [];
  for (const lang of langs.sort()) {
    for (const file of fs.readdirSync(path.join(localesDir, lang)).sort()) {
      if (!file.endsWith(".json")) continue;
      const ns = file.slice(0, -5);
      const own = read(lang, ns);
      const english = lang !== FALLBACK && fs.existsSync(path.join(localesDir, FALLBACK, file));
      const source = JSON.stringify(english ? fillFromFallback(own, read(FALLBACK, ns)) : own);
      const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
      files.push({
        key: `${lang}/${ns}`,
        fileName: `assets/i18n-${lang}-${ns}-${hash}.json`,
        source,
      });
    }
  }
  return files;
}

export function i18nBundles(localesDir: string): Plugin {
  let files: File[] = [];
  return {
    name: "i18n-bundles",
    buildStart() {
      files = readBundles(localesDir);
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return;
      files = readBundles(localesDir);
      // Files only: Vite treats a watched path as an import of this module, and a directory
      // (locales/en) then fails to resolve, which left no page hydrating in development.
      for (const file of fs.readdirSync(localesDir, { recursive: true }))
        if (String(file).endsWith(".json")) this.addWatchFile(path.join(localesDir, String(file)));
      const map = Object.fromEntries(files.map((f) => [f.key, `/${f.fileName}`]));
      return `export default ${JSON.stringify(map)};`;
    },
    generateBundle() {
      if (this.environment?.name !== "client") return;
      for (const file of files)
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.source });
    },
    configureServer(server) {
      // Development: the same URLs, answered from the current files.
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith("/assets/i18n-")) return next();
        const file = readBundles(localesDir).find((f) => `/${f.fileName}` === req.url);
        if (!file) return next();
        res.setHeader("Content-Type", "application/json");
        res.end(file.source);
      });
    },
  };
}
