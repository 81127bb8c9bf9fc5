import type { FastifyPluginAsync } from "fastify";
import { dirFor, LANGUAGES, type Language, toLanguage } from "../../../shared/domain/language.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import {
  type Alternates,
  alternatesOf,
  productAlternates,
  SITEMAP_PATHS,
  shopPath,
} from "../../../shared/domain/paths.ts";
import commonAr from "../../../web/i18n/locales/ar/common.json" with { type: "json" };
import commonEn from "../../../web/i18n/locales/en/common.json" with { type: "json" };
import { publicOrigin } from "../../public-origin.ts";

/** Public pages worth indexing: the storefront menus' pages (one list, in shared/domain/paths.ts). */
export const SITEMAP_PAGES = SITEMAP_PATHS;

/** Private or transactional paths crawlers should skip, in both languages (docs/decisions/0028). */
const PRIVATE_PATHS = ["/account", "/security", "/orders", "/cart", "/checkout"] as const;
export const ROBOTS_DISALLOW = [
  "/admin-",
  ...PRIVATE_PATHS,
  ...PRIVATE_PATHS.map((path) => localizePath("ar", path)),
  "/api/",
] as const;

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const XHTML_NAMESPACE = "http://www.w3.org/1999/xhtml";

const xmlEscape = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/**
 * One page in both languages: a `<url>` per language, each listing both addresses and
 * `x-default` as `xhtml:link` alternates (Google's sitemap form of hreflang).
 */
function pageEntries(base: string, alternates: Alternates, lastmod?: Date): string[] {
  const links = [
    ...LANGUAGES.map((lang) => [lang, alternates[lang]] as const),
    ["x-default", alternates.en] as const,
  ]
    .map(
      ([hreflang, path]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(base + path)}"/>`,
    )
    .join("");
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return LANGUAGES.map(
    (lang) => `  <url><loc>${xmlEscape(base + alternates[lang])}</loc>${modified}${links}</url>`,
  );
}

/** The shop's colours (app.css): the logo's syrup gold for the bar, the page's cream behind. */
const THEME_COLOR = "#8a5a12";
const BACKGROUND_COLOR = "#fbf6ee";

/**
 * The web app manifest of a language (docs/decisions/0028): names and description from that
 * language's texts, its direction, and its home page as the start, so the app installed from
 * an Arabic page opens in Arabic. Icons are the logo's mark in the shop's colours (public/icons).
 */
export function webManifest(lang: Language) {
  const texts = lang === "ar" ? commonAr : commonEn;
  const start = localizePath(lang, "/");
  return {
    id: start,
    name: texts.brand,
    short_name: texts.brandShort,
    description: texts.meta.description,
    lang,
    dir: dirFor(lang),
    start_url: start,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["food", "shopping"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}

/** /sitemap.xml, /robots.txt and the manifests, outside the /api prefix. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get("/sitemap.xml", async (request, reply) => {
    // Absolute URLs from PUBLIC_URL or a checked request origin (docs/decisions/0027).
    const base = publicOrigin(request);
    const [products, categories] = await Promise.all([
      app.services.catalog.activeProductIds(),
      app.services.catalog.listCategories(),
    ]);
    const entries = [
      ...SITEMAP_PAGES.flatMap((page) => pageEntries(base, alternatesOf(page))),
      // Each category's view of the shop has its own address in each language.
      ...categories.flatMap((category) =>
        pageEntries(base, alternatesOf(shopPath({ category: category.slug }))),
      ),
      ...products.flatMap((product) =>
        pageEntries(base, productAlternates(product), product.updatedAt),
      ),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n${entries.join("\n")}\n</urlset>\n`;
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });

  // One small file per language, the same for everyone: cached a day like robots.txt.
  const manifests = new Map(
    LANGUAGES.map((lang) => [lang, JSON.stringify(webManifest(lang))] as const),
  );
  app.get<{ Params: { lang: string } }>("/manifest.:lang.webmanifest", async (request, reply) => {
    const lang = toLanguage(request.params.lang);
    const body = lang && request.params.lang === lang ? manifests.get(lang) : undefined;
    if (!body) return reply.callNotFound();
    return reply
      .type("application/manifest+json; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(body);
  });

  app.get("/robots.txt", async (request, reply) => {
    const base = publicOrigin(request);
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${base}/sitemap.xml`,
      "",
    ];
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(lines.join("\n"));
  });
};
