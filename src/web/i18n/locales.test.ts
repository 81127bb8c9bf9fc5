import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../shared/domain/language.ts";
import { NAMESPACES } from "./config.ts";

// Read from disk (not through Vite's glob) so a file that exists in one language only is seen.
const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "locales");
const filesOf = (lang: string) =>
  fs
    .readdirSync(path.join(localesDir, lang))
    .filter((file) => file.endsWith(".json"))
    .sort();
const read = (lang: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8")) as unknown;

/** Every leaf as "a.b.c" -> value; plural suffixes stay part of the key (both files need them). */
function leaves(tree: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (tree && typeof tree === "object" && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      const dotted = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const [k, v] of leaves(value, dotted)) out.set(k, v);
      } else out.set(dotted, value);
    }
  }
  return out;
}

/** i18next plural forms differ by language (Arabic has six); compare the base key only. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (tree: unknown) =>
  [...new Set([...leaves(tree).keys()].map((key) => key.replace(PLURAL, "")))].sort();

const files = [...new Set(LANGUAGES.flatMap(filesOf))];

describe("translations", () => {
  it("both languages have the same namespace files", () => {
    expect(filesOf("ar")).toEqual(filesOf("en"));
  });

  it("every namespace the app loads has a file in each language", () => {
    for (const lang of LANGUAGES)
      expect(filesOf(lang)).toEqual(expect.arrayContaining(NAMESPACES.map((ns) => `${ns}.json`)));
  });

  it.each(files)("%s has the same keys in English and Arabic", (file) => {
    const en = baseKeys(read("en", file));
    const ar = baseKeys(read("ar", file));
    expect({ missingInArabic: en.filter((k) => !ar.includes(k)) }).toEqual({ missingInArabic: [] });
    expect({ missingInEnglish: ar.filter((k) => !en.includes(k)) }).toEqual({
      missingInEnglish: [],
    });
  });

  it.each(files)("%s has no empty English text and only strings as values", (file) => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of leaves(read(lang, file))) {
        expect({ lang, key, type: typeof value }).toEqual({ lang, key, type: "string" });
        if (lang === "en") expect({ key, value }).not.toEqual({ key, value: "" });
      }
    }
  });

  it.each(files)("%s uses the same {{placeholders}} in both languages", (file) => {
    const names = (text: unknown) =>
      [...new Set([...String(text).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!))].sort();
    const byBase = (tree: unknown) => {
      const out = new Map<string, string[]>();
      for (const [key, value] of leaves(tree)) {
        const base = key.replace(PLURAL, "");
        out.set(base, [...new Set([...(out.get(base) ?? []), ...names(value)])].sort());
      }
      return out;
    };
    const en = byBase(read("en", file));
    for (const [key, arabic] of byBase(read("ar", file))) {
      // Arabic plural forms may spell the number out ("one item"), so a missing {{count}} is fine;
      // a placeholder English does not pass would print literally.
      const english = en.get(key) ?? [];
      expect({ key, unknown: arabic.filter((n) => !english.includes(n)) }).toEqual({
        key,
        unknown: [],
      });
    }
  });
});
