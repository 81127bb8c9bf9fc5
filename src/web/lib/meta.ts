import type { MetaDescriptor } from "react-router";
import type { Language } from "../../shared/domain/language.ts";
import { browserI18n } from "../i18n/browser-instance.ts";
import type { RootData } from "../root.tsx";
import { type Alternates, alternatesOf } from "./paths.ts";

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

/**
 * The `<link rel="alternate" hreflang>` set for a page: each language's address and
 * `x-default` (the English one, at the unprefixed path: with no prefix the server also goes by the
 * visitor's cookie and browser, docs/decisions/0028). Absolute, from the public origin.
 */
export function alternateLinks(origin: string, alternates: Alternates): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "alternate", hrefLang: "en", href: origin + alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: origin + alternates.ar },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: origin + alternates.en },
  ];
}

/**
 * Title, description, canonical URL, language alternates and Open Graph tags for a page in the
 * current language. `path` is the page's address in either language (`paths.shop()`); a page
 * whose addresses differ by more than the `/ar` prefix (a product's slug) gives `alternates`.
 * The canonical is the address of the language the page is in: an Arabic page at an address
 * with no prefix (the cookie said Arabic) names its `/ar` address.
 */
export function pageMeta(
  matches: Matches,
  opts: {
    title: string;
    description?: string;
    path?: string;
    alternates?: Alternates;
    image?: string;
    noIndex?: boolean;
  },
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const lang: Language = root?.lang ?? "en";
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
    { property: "og:locale", content: lang === "ar" ? "ar_SY" : "en_US" },
    { property: "og:locale:alternate", content: lang === "ar" ? "en_US" : "ar_SY" },
  ];
  const alternates = opts.alternates ?? (opts.path !== undefined ? alternatesOf(opts.path) : null);
  if (root && alternates) {
    const url = root.publicUrl + alternates[lang];
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
    // A page kept out of the index (cart, checkout, account) has no languages to offer.
    if (!opts.noIndex) tags.push(...alternateLinks(root.publicUrl, alternates));
  }
  if (opts.image) tags.push({ property: "og:image", content: opts.image });
  if (opts.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
