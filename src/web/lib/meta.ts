import type { MetaDescriptor } from "react-router";
import { browserI18n } from "../i18n/browser-instance.ts";
import type { RootData } from "../root.tsx";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

function lookup(tree: unknown, dotted: string): string | undefined {
  let node = tree;
  for (const part of dotted.split(".")) {
    if (node && typeof node === "object") node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === "string" && node ? node : undefined;
}

export function rootDataFrom(matches: Matches): RootData | undefined {
  return matches.find((match) => match?.id === "root")?.data as RootData | undefined;
}

/** A translated text for `meta`, which runs outside React (no hook): "ns:key.path". */
export function metaText(root: RootData | undefined, key: string): string {
  const [ns = "common", path = ""] = key.includes(":") ? key.split(":") : ["common", key];
  // In the browser the page's namespace may have arrived after the first page (its route
  // declares it in handle.i18n); the server renders from the root data's bundles.
  const live = browserI18n();
  const text = live ? lookup(live.getResourceBundle(live.language, ns), path) : undefined;
  return text ?? lookup(root?.messages[ns], path) ?? "";
}

/** Title, description, canonical URL and Open Graph tags for a page in the current language. */
export function pageMeta(
  matches: Matches,
  opts: { title: string; description?: string; path?: string; image?: string; noIndex?: boolean },
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const brand = metaText(root, "brand");
  const title = opts.title && opts.title !== brand ? `${opts.title} | ${brand}` : brand;
  const description = opts.description || metaText(root, "meta.description");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: brand },
    { property: "og:locale", content: root?.lang === "ar" ? "ar_SY" : "en_US" },
  ];
  if (root && opts.path !== undefined) {
    const url = `${root.publicUrl}${opts.path}`;
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
  }
  if (opts.image) tags.push({ property: "og:image", content: opts.image });
  if (opts.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
